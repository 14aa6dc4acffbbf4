import { sql, type Kysely } from 'kysely';

/**
 * The print history (issue 17 item 7, docs/printing.md): one row per print sent to a print station,
 * with the printer it was routed to and what the station reported back, so a job can be reprinted.
 * Sent rows are written before the socket event goes out; the station marks them printed or failed.
 */
const statements = [
  `create table print_jobs (
    id bigserial primary key,
    user_id bigint not null references users(id),
    station_user_id bigint not null references users(id),
    kind text not null check (kind in ('label', 'a4', 'sn', 'itemDesc')),
    url text,
    sn text,
    title text not null default '',
    printer_id bigint references printers(id) on delete set null,
    printer_name text not null default '',
    agent_url text not null default '',
    state text not null default 'sent' check (state in ('sent', 'printed', 'failed')),
    error text not null default '',
    reprint_of bigint references print_jobs(id) on delete set null,
    created_at timestamptz not null default now(),
    updated_at timestamptz not null default now()
  )`,
  `create index print_jobs_station on print_jobs (station_user_id, created_at desc, id desc)`,
  `create index print_jobs_user on print_jobs (user_id, created_at desc, id desc)`,
];

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const statement of statements) await sql.raw(statement).execute(db);
}
