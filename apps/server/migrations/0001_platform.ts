import { sql, type Kysely } from 'kysely';

/** Platform tables: tenants, users, roles, sessions, captchas, mail, files, jobs, audit (issue 2). */
const statements = [
  `create table merchants (
    id bigserial primary key,
    code text not null unique,
    name text not null,
    email text not null default '',
    phone text not null default '',
    address jsonb not null default '{}',
    currency text not null default 'EUR' check (currency in ('EUR', 'USD')),
    settings jsonb not null default '{}',
    disabled boolean not null default false,
    created_at timestamptz not null default now(),
    updated_at timestamptz not null default now(),
    version int not null default 1
  )`,
  `create table users (
    id bigserial primary key,
    account text not null unique,
    name text not null default '',
    email text not null default '',
    password_hash text not null,
    type int not null,
    merchant_id bigint references merchants(id),
    avatar text not null default '',
    introduction text not null default '',
    language text,
    print_shipment boolean not null default false,
    print_station_user_id bigint references users(id),
    disabled boolean not null default false,
    created_at timestamptz not null default now(),
    updated_at timestamptz not null default now(),
    version int not null default 1
  )`,
  `create index users_merchant on users (merchant_id)`,
  `create table roles (
    id bigserial primary key,
    name text not null unique,
    title text not null default '',
    description text not null default '',
    builtin boolean not null default false,
    created_at timestamptz not null default now(),
    updated_at timestamptz not null default now(),
    version int not null default 1
  )`,
  `create table role_privileges (
    role_id bigint not null references roles(id) on delete cascade,
    privilege text not null,
    primary key (role_id, privilege)
  )`,
  `create table role_routes (
    role_id bigint not null references roles(id) on delete cascade,
    path text not null,
    primary key (role_id, path)
  )`,
  `create table user_roles (
    user_id bigint not null references users(id) on delete cascade,
    role_id bigint not null references roles(id) on delete cascade,
    primary key (user_id, role_id)
  )`,
  `create table sessions (
    id bigserial primary key,
    token_hash text not null unique,
    user_id bigint not null references users(id) on delete cascade,
    created_at timestamptz not null default now(),
    last_seen_at timestamptz not null default now(),
    expires_at timestamptz not null,
    revoked_at timestamptz,
    revoke_reason text,
    login_ip text not null default '',
    user_agent text not null default '',
    sub_merchant_id bigint references merchants(id),
    active_role text,
    login_env_id text
  )`,
  `create index sessions_user_live on sessions (user_id) where revoked_at is null`,
  `create table captchas (
    id text primary key,
    answer text not null,
    expires_at timestamptz not null
  )`,
  `create index captchas_expiry on captchas (expires_at)`,
  `create table login_envs (
    id text primary key,
    user_id bigint not null references users(id) on delete cascade,
    created_at timestamptz not null default now(),
    last_used_at timestamptz not null default now(),
    user_agent text not null default ''
  )`,
  `create index login_envs_user on login_envs (user_id)`,
  `create table login_failures (
    id bigserial primary key,
    key text not null,
    at timestamptz not null default now()
  )`,
  `create index login_failures_key_at on login_failures (key, at)`,
  `create table password_resets (
    token_hash text primary key,
    user_id bigint not null references users(id) on delete cascade,
    created_at timestamptz not null default now(),
    expires_at timestamptz not null,
    used_at timestamptz
  )`,
  `create table mail_outbox (
    id bigserial primary key,
    to_address text not null,
    subject text not null,
    body text not null,
    created_at timestamptz not null default now(),
    sent_at timestamptz,
    error text,
    attempts int not null default 0
  )`,
  `create table files (
    id text primary key,
    kind text not null check (kind in ('avatar', 'image', 'intern', 'job')),
    name text not null,
    mime text not null,
    size int not null,
    data bytea not null,
    owner_user_id bigint references users(id),
    merchant_id bigint references merchants(id),
    created_at timestamptz not null default now(),
    deleted_at timestamptz
  )`,
  `create index files_created on files (created_at desc, id desc)`,
  `create table jobs (
    id bigserial primary key,
    kind text not null,
    status text not null default 'queued' check (status in ('queued', 'running', 'done', 'failed', 'canceled')),
    user_id bigint references users(id),
    merchant_id bigint references merchants(id),
    payload jsonb not null default '{}',
    progress_done int not null default 0,
    progress_total int not null default 0,
    message text not null default '',
    result jsonb,
    result_file_id text references files(id),
    error text,
    attempts int not null default 0,
    max_attempts int not null default 3,
    run_after timestamptz not null default now(),
    locked_by text,
    locked_at timestamptz,
    created_at timestamptz not null default now(),
    updated_at timestamptz not null default now(),
    finished_at timestamptz
  )`,
  `create index jobs_claim on jobs (run_after, id) where status = 'queued'`,
  `create index jobs_user on jobs (user_id, created_at desc)`,
  `create table audit_log (
    id bigserial primary key,
    at timestamptz not null default now(),
    user_id bigint,
    merchant_id bigint,
    action text not null,
    entity text not null,
    entity_id text not null,
    before jsonb,
    after jsonb
  )`,
  `create index audit_entity on audit_log (entity, entity_id, at desc)`,
];

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const statement of statements) await sql.raw(statement).execute(db);
}
