import { sql, type Kysely } from 'kysely';

/**
 * Which privileges each built-in role has already been given. A release that adds a privilege to a
 * built-in role (new screens, new actions) grants it on existing databases once, on the next start;
 * a privilege an administrator later takes away stays away.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql
    .raw(
      `create table builtin_role_grants (
        role text not null,
        privilege text not null,
        granted_at timestamptz not null default now(),
        primary key (role, privilege)
      )`,
    )
    .execute(db);
}
