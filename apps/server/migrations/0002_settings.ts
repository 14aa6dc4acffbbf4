import { sql, type Kysely } from 'kysely';

/** Masks and the settings records served by the generic resource routes (issue 4). */
const record = `
    created_at timestamptz not null default now(),
    updated_at timestamptz not null default now(),
    version int not null default 1`;

const statements = [
  `create table masks (
    name text primary key,
    definition text not null,
    shipped text,
    edited boolean not null default false,
    version int not null default 1,
    updated_by bigint references users(id),
    updated_at timestamptz not null default now()
  )`,
  `create table mask_versions (
    id bigserial primary key,
    name text not null references masks(name) on delete cascade,
    version int not null,
    definition text not null,
    saved_by bigint references users(id),
    saved_at timestamptz not null default now(),
    note text not null default ''
  )`,
  `create index mask_versions_name on mask_versions (name, version desc)`,
  `create table lookups (
    id bigserial primary key,
    key text not null,
    class int not null default 0,
    type int not null default 0,
    meta jsonb not null default '{}',
    remark text not null default '',${record},
    unique (key, class, type)
  )`,
  `create index lookups_created on lookups (created_at desc, id desc)`,
  `create table settings (
    id bigserial primary key,
    key text not null unique,
    value jsonb not null,
    description text not null default '',${record}
  )`,
  `create table tax_rates (
    id bigserial primary key,
    country text not null,
    kind text not null,
    rate numeric(5, 2) not null,
    valid_from date not null,
    valid_to date,${record},
    unique (country, kind, valid_from)
  )`,
  `create table printers (
    id bigserial primary key,
    name text not null unique,
    kind text not null,
    agent_url text not null default '',
    printer_name text not null default '',
    station_user_id bigint references users(id),
    document_kinds jsonb not null default '[]',
    disabled boolean not null default false,${record}
  )`,
  `create table announcements (
    id bigserial primary key,
    title_en text not null,
    title_cn text not null default '',
    title_de text not null default '',
    text_en text not null,
    text_cn text not null default '',
    text_de text not null default '',
    audience_roles jsonb not null default '[]',
    publish_from timestamptz not null,
    publish_to timestamptz,${record}
  )`,
  `create index announcements_publish on announcements (publish_from desc, id desc)`,
  `create table work_classes (
    id bigserial primary key,
    name text not null unique,
    start_time text not null,
    end_time text not null,
    remark text not null default '',${record}
  )`,
  `create table duties (
    id bigserial primary key,
    user_id bigint not null references users(id),
    class_id bigint not null references work_classes(id),
    weekdays jsonb not null,
    valid_from date not null,
    valid_to date,${record}
  )`,
  `create index duties_class on duties (class_id)`,
];

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const statement of statements) await sql.raw(statement).execute(db);
}
