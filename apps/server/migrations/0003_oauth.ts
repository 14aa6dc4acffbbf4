import { sql, type Kysely } from 'kysely';

/** OAuth2 clients for integrations and scoped sessions for their tokens (issue 4 §4 users/oauth2). */
const statements = [
  `create table oauth_clients (
    id bigserial primary key,
    client_id text not null unique,
    secret_hash text not null,
    name text not null,
    scopes jsonb not null default '[]',
    merchant_id bigint references merchants(id),
    service_user_id bigint not null references users(id),
    disabled boolean not null default false,
    last_used_at timestamptz,
    created_at timestamptz not null default now(),
    updated_at timestamptz not null default now(),
    version int not null default 1
  )`,
  // A session holding scopes carries exactly those privileges (a client token), whatever its user holds.
  `alter table sessions add column scopes jsonb`,
  `alter table sessions add column oauth_client_id bigint references oauth_clients(id) on delete cascade`,
];

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const statement of statements) await sql.raw(statement).execute(db);
}
