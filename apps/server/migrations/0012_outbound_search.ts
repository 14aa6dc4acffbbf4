import { sql, type Kysely } from 'kysely';

/**
 * The order lists' search (`q`: ILIKE '%text%' over number, reference, consignee, tracking and
 * shipment number) as a trigram index, so a search among a million orders reads the matching rows
 * instead of scanning the table (docs/outbound.md "Benchmarks"). PostgreSQL only: where pg_trgm is
 * not available (the embedded database, a server without contrib or without the right to create
 * it) the migration does nothing and the search stays a scan, with the same answers.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql
    .raw(
      `do $$
      begin
        begin
          create extension if not exists pg_trgm;
        exception when others then
          raise notice 'pg_trgm is not available: the order search stays a scan';
        end;
        if exists (select 1 from pg_extension where extname = 'pg_trgm') then
          create index outbound_search on outbound_orders using gin
            (unid gin_trgm_ops, ref_order_id gin_trgm_ops, consignee_name gin_trgm_ops, ship_bundle gin_trgm_ops, ship_no gin_trgm_ops)
            where deleted_at is null;
        end if;
      end $$`,
    )
    .execute(db);
}
