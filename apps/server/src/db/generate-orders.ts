import { OUTBOUND_DISPATCHED, OUTBOUND_HOLDS_STOCK, OUTBOUND_ORDER, OUTBOUND_PICKED, type OutboundState } from '@kontor/contracts';
import { sql, type Kysely, type RawBuilder } from 'kysely';
import type { DB } from './types.js';
import { COMPANY, FIRST, LAST, PLACES } from './generate-orders-names.js';

/**
 * Fills a database with realistic outbound orders for benchmarks and demos of scale (issue 7 §9):
 * merchants with their items and stock, then orders with lines spread over the past year, most of
 * them delivered or finished, the last days' ones open. Bulk SQL only (a statement per batch of
 * orders from generate_series), so a million orders take minutes on PostgreSQL; the statement-level
 * triggers of migration 0010 keep `outbound_status_counts` exact. Orders whose status holds stock get
 * real reservations (and their ledger rows), so `GET /v0/inventory/check` stays empty. No history
 * rows and no billing are written for generated orders. It lives in db/ and not in seed/ because it
 * is bulk SQL for scale; the demo company (seed/) is written through the modules' front doors.
 */
export interface GenerateOptions {
  count: number;
  /** Generated merchants (codes G001 …); orders go mostly to the first ones, as in a real warehouse. */
  merchants?: number;
  itemsPerMerchant?: number;
  /** Orders per statement. */
  batch?: number;
  onProgress?: (done: number, total: number) => void;
}

const code = (state: OutboundState) => OUTBOUND_ORDER.codeOf(state);

/** A CASE picking a value by cumulative weight of the random column `r`. */
function weighted(r: string, choices: Array<[value: string | number, weight: number]>): RawBuilder<unknown> {
  const total = choices.reduce((sum, [, w]) => sum + w, 0);
  let acc = 0;
  const parts = choices.map(([value, w]) => {
    acc += w / total;
    return `when ${r} < ${acc.toFixed(6)} then ${typeof value === 'number' ? value : `'${value}'`}`;
  });
  return sql.raw(`(case ${parts.join(' ')} else ${typeof choices.at(-1)![0] === 'number' ? choices.at(-1)![0] : `'${choices.at(-1)![0]}'`} end)`);
}

/** Statuses by age: closed after ten days, on their way after three, open in the last three days (weights in ‰). */
const OLD: Array<[OutboundState, number]> = [
  ['delivered', 640],
  ['finish', 250],
  ['retourReceived', 40],
  ['partiallyRetourReceived', 5],
  ['canceled', 60],
];
const RECENT: Array<[OutboundState, number]> = [
  ['delivered', 600],
  ['inTransit', 180],
  ['inDelivery', 80],
  ['shipped', 60],
  ['canceled', 50],
  ['finish', 10],
];
const OPEN: Array<[OutboundState, number]> = [
  ['readyToPick', 220],
  ['inPicklist', 90],
  ['picklistPrinted', 50],
  ['readyToPack', 80],
  ['packed', 30],
  ['packingCompleted', 90],
  ['readyToShip', 90],
  ['shipped', 170],
  ['outOfStock', 50],
  ['hold', 20],
  ['wrongAddress', 20],
  ['cancelRequested', 10],
  ['canceled', 40],
  ['problem', 10],
  ['standby', 10],
  ['manualHandlingAwaits', 10],
  ['customerHandlingAwaits', 10],
];
const byCode = (list: Array<[OutboundState, number]>) => list.map(([state, w]) => [code(state), w] as [number, number]);

async function prepare(db: Kysely<DB>, merchants: number, itemsPerMerchant: number): Promise<void> {
  await sql`insert into warehouses (code, name) values ('GEN1', 'Generated orders') on conflict (code) do nothing`.execute(db);
  await sql`insert into compartments (warehouse_id, code, zone, kind, priority)
    select id, 'G-STOCK', 'G', 'bulk', 900 from warehouses where code = 'GEN1' on conflict do nothing`.execute(db);
  await sql`insert into merchants (code, name, email)
    select 'G' || lpad(g::text, 3, '0'), (${COMPANY}::text[])[1 + (g - 1) % ${COMPANY.length}] || case when g > ${COMPANY.length} then ' ' || g else '' end || ' GmbH',
      'ops' || g || '@merchant.example'
    from generate_series(1, ${merchants}::int) g on conflict (code) do nothing`.execute(db);
  await sql`insert into items (merchant_id, sku, name, weight)
    select m.id, m.code || '-' || lpad(n::text, 4, '0'), 'Article ' || n || ' of ' || m.name, round((0.05 + random() * 3)::numeric, 3)
    from merchants m, generate_series(1, ${itemsPerMerchant}::int) n
    where m.code ~ '^G[0-9]{3}$' and not exists (select 1 from items i where i.merchant_id = m.id and i.sku = m.code || '-' || lpad(n::text, 4, '0'))
    order by m.id, n`.execute(db);
  await sql`insert into item_codes (merchant_id, code, item_id, kind)
    select merchant_id, sku, id, 'sku' from items i where sku ~ '^G[0-9]{3}-' on conflict do nothing`.execute(db);
  const stock = await sql<{ id: number }>`insert into stock (merchant_id, item_id, warehouse_id, compartment_id, quantity)
    select i.merchant_id, i.id, c.warehouse_id, c.id, 1000000 from items i
      join compartments c on c.code = 'G-STOCK' join warehouses w on w.id = c.warehouse_id and w.code = 'GEN1'
    where i.sku ~ '^G[0-9]{3}-' and not exists (select 1 from stock s where s.item_id = i.id and s.compartment_id = c.id)
    returning id`.execute(db);
  if (stock.rows.length)
    await sql`insert into inventory_log (merchant_id, stock_id, item_id, warehouse_id, compartment_id, batch, status, delta, quantity_after, reserved_after, reason)
      select merchant_id, id, item_id, warehouse_id, compartment_id, batch, status, quantity, quantity, 0, 'opening' from stock
      where id = any(${stock.rows.map((r) => Number(r.id))}::bigint[])`.execute(db);
  // Lookup tables of this connection: merchants by index (skewed: the first ones are the big ones),
  // consignee places weighted by country, names.
  await sql`create temp table if not exists gen_merchants (n int primary key, id bigint, items int)`.execute(db);
  await sql`truncate gen_merchants`.execute(db);
  await sql`insert into gen_merchants select row_number() over (order by m.id) - 1, m.id, count(i.id)
    from merchants m join items i on i.merchant_id = m.id where m.code ~ '^G[0-9]{3}$' group by m.id`.execute(db);
  await sql`create temp table if not exists gen_items (merchant_id bigint, k int, item_id bigint, primary key (merchant_id, k))`.execute(db);
  await sql`truncate gen_items`.execute(db);
  await sql`insert into gen_items select i.merchant_id, row_number() over (partition by i.merchant_id order by i.id) - 1, i.id
    from items i join gen_merchants m on m.id = i.merchant_id`.execute(db);
  await sql`analyze gen_items`.execute(db);
  const places = PLACES.flatMap((p) =>
    Array.from({ length: p.weight }, (_, w) =>
      Object.entries(p.cities).flatMap(([city, zip]) => p.streets.map((street) => [p.country, city, zip, street, w])),
    ).flat(),
  ).map(([country, city, zip, street]) => [country, city, zip, street] as string[]);
  await sql`create temp table if not exists gen_places (n int primary key, country text, city text, zip text, street text)`.execute(db);
  await sql`truncate gen_places`.execute(db);
  await sql`insert into gen_places select v.n - 1, v.country, v.city, v.zip, v.street
    from unnest(${places.map((p) => p[0])}::text[], ${places.map((p) => p[1])}::text[], ${places.map((p) => p[2])}::text[], ${places.map((p) => p[3])}::text[])
      with ordinality v(country, city, zip, street, n)`.execute(db);
  await sql`analyze gen_merchants`.execute(db);
  await sql`analyze gen_places`.execute(db);
}

/** Orders whose goods left their compartments: picked, or dispatched (a partly finished order is never generated). */
const PICKED: OutboundState[] = [...OUTBOUND_PICKED, ...OUTBOUND_DISPATCHED.filter((state) => state !== 'partiallyFinish')];
const SHIPPED = ['shipped', 'inTransit', 'inDelivery', 'delivered', 'retourReceived', 'partiallyRetourReceived', 'finish'] as const;

/** One batch of orders (`from`..`to` of `total`, spread evenly over the past year in that order), their lines and reservations. */
async function insertBatch(db: Kysely<DB>, from: number, to: number, total: number, counts: { merchants: number; places: number }): Promise<void> {
  const age = sql.raw(`(365 * (1 - g::float8 / ${total}))`);
  const status = sql`case when x.age > 10 then ${weighted('x.r1', byCode(OLD))} when x.age > 3 then ${weighted('x.r1', byCode(RECENT))}
    else ${weighted('x.r1', byCode(OPEN))} end`;
  const exceptions = OUTBOUND_ORDER.codes('hold', 'wrongAddress', 'problem', 'manualHandlingAwaits', 'customerHandlingAwaits', 'cancelRequested');
  const shipped = OUTBOUND_ORDER.codes(...SHIPPED);
  const tracking = sql.raw(`(case y.carrier when 'DHL' then 'JJD' || lpad((y.g::bigint * 7919 % 100000000000000)::text, 14, '0')
    when 'UPS' then '1Z' || upper(substr(md5(y.g::text), 1, 16)) when 'DPD' then '0150' || lpad((y.g::bigint * 104729 % 10000000000)::text, 10, '0')
    else lpad((y.g::bigint * 15485863 % 100000000000)::text, 11, '0') end)`);
  const after = Number((await sql<{ id: number }>`select coalesce(max(id), 0) as id from outbound_orders`.execute(db)).rows[0]!.id);
  await sql`insert into outbound_orders (unid, merchant_id, warehouse_id, status, status_before, priority, type_of_task, mode_of_transport, pickup_date,
      ref_order_id, unit_qty, weight, consignee, consignee_name, consignee_country, carrier, ship_bundle, parcels, box_qty, address_problems,
      exception_reason, exception_owner, line_count, total_units, created_at, updated_at, shipped_at, deleted_at)
    select 'MO' || to_char(y.at, 'YYYY') || lpad(y.n::text, greatest(6, length(y.n::text)), '0'), gm.id, (select id from warehouses where code = 'GEN1'),
      y.status, case when y.status = any(${exceptions}::int[]) then 0 end, y.priority, y.task, case y.task when 'B2B' then 'pallet' else 'parcel' end,
      (y.at + interval '1 day')::date, y.ref, y.lines * y.per_line, round((y.lines * y.per_line * (0.2 + y.r4 * 1.5))::numeric, 3) + 0.1,
      jsonb_build_object('name1', y.name, 'name2', '', 'streetName', p.street, 'streetNumber', (1 + y.g % 180)::text, 'zip', p.zip, 'city', p.city,
        'country', p.country, 'phone', '', 'email', '', 'addition', ''),
      y.name, p.country, y.carrier, case when y.status = any(${shipped}::int[]) then ${tracking} else '' end,
      case when y.status = any(${shipped}::int[]) then jsonb_build_array(jsonb_build_object('trackingNo', ${tracking}, 'weight', null, 'dimensions', null)) else '[]' end,
      case when y.status = any(${shipped}::int[]) then 1 else 0 end,
      case when y.status = ${code('wrongAddress')} then '[{"field": "zip", "problem": "pattern"}]'::jsonb else '[]' end,
      case when y.status = ${code('wrongAddress')} then 'address' when y.status = any(${exceptions}::int[]) then 'generated' else '' end,
      case when y.status = ${code('wrongAddress')} then 'merchant' when y.status = any(${exceptions}::int[]) then 'warehouse' end,
      y.lines, y.lines * y.per_line, y.at, y.at, case when y.status = any(${shipped}::int[]) then y.at + interval '20 hours' end,
      case when y.status = ${code('canceled')} and y.r4 < 0.05 then y.at + interval '2 days' end
    from (
      select x.*, nextval('outbound_unid_seq') as n, now() - x.age * interval '1 day' as at, ${status} as status,
        floor(x.r2 * x.r2 * ${counts.merchants})::int as merchant,
        ${weighted('x.r3', [
          ['B2C', 90],
          ['B2B', 8],
          ['FBA', 2],
        ])} as task,
        ${weighted('x.r5', [
          ['DHL', 45],
          ['DPD', 20],
          ['UPS', 15],
          ['GLS', 15],
          ['FEDEX', 5],
        ])} as carrier,
        ${weighted('x.r6', [
          [1, 70],
          [2, 20],
          [3, 10],
        ])} as lines, 1 + floor(x.r7 * x.r7 * 3)::int as per_line,
        case when x.r8 < 0.05 then 3 when x.r8 > 0.98 then 1 else 2 end as priority,
        case when x.r8 < 0.3 then 'AMZ-' || lpad((x.g * 7 % 1000)::text, 3, '0') || '-' || lpad((x.g::bigint * 7919 % 10000000)::text, 7, '0')
          when x.r8 < 0.8 then 'SHOP-' || (100000 + x.g) else '' end as ref,
        (${FIRST}::text[])[1 + floor(x.r9 * ${FIRST.length})::int] || ' ' || (${LAST}::text[])[1 + floor(x.r10 * ${LAST.length})::int] as name
      from (
        select g, ${age} as age, random() as r1, random() as r2, random() as r3, random() as r4, random() as r5, random() as r6, random() as r7,
          random() as r8, random() as r9, random() as r10, floor(random() * ${counts.places})::int as place
        from generate_series(${from}::int, ${to}::int) g
      ) x
    ) y join gen_places p on p.n = y.place join gen_merchants gm on gm.n = y.merchant
    order by y.g`.execute(db);
  // Lines: distinct items of the order's merchant; picked once the order is past picking.
  await sql`insert into outbound_lines (order_id, item_id, quantity, picked, position)
    select o.id, gi.item_id, o.total_units / o.line_count, case when o.status = any(${OUTBOUND_ORDER.codes(...PICKED)}::int[]) then o.total_units / o.line_count else 0 end,
      p - 1
    from outbound_orders o join gen_merchants gm on gm.id = o.merchant_id cross join generate_series(1, o.line_count) p
      join gen_items gi on gi.merchant_id = o.merchant_id and gi.k = (o.id * 7919 + p) % gm.items
    where o.id > ${after}`.execute(db);
  await reserveHolding(db, after);
}

/**
 * Reserves the lines of the batch's orders whose status holds stock, as allocation would have: one
 * reservation per line, the stock rows' reserved units, their ledger rows, the orders' totals.
 */
async function reserveHolding(db: Kysely<DB>, after: number): Promise<void> {
  const holding = OUTBOUND_ORDER.codes(...OUTBOUND_HOLDS_STOCK);
  await sql`with l as (
      update outbound_lines l set reserved = l.quantity from outbound_orders o
      where o.id = l.order_id and o.id > ${after} and o.status = any(${holding}::int[]) and o.deleted_at is null and l.reserved = 0
      returning l.order_id, l.item_id, l.quantity),
    r as (insert into reservations (merchant_id, stock_id, item_id, ref_type, ref_id, quantity)
      select s.merchant_id, s.id, s.item_id, 'outbound', l.order_id::text, l.quantity
      from l join stock s on s.item_id = l.item_id join compartments c on c.id = s.compartment_id and c.code = 'G-STOCK'
      returning stock_id, quantity),
    a as (select stock_id, sum(quantity)::int as q from r group by stock_id),
    s as (update stock s set reserved = s.reserved + a.q, updated_at = now() from a where s.id = a.stock_id
      returning s.id, s.merchant_id, s.item_id, s.warehouse_id, s.compartment_id, s.batch, s.status, s.quantity, s.reserved, a.q),
    lg as (insert into inventory_log (merchant_id, stock_id, item_id, warehouse_id, compartment_id, batch, status, delta, delta_reserved,
        quantity_after, reserved_after, reason, ref_type, ref_id)
      select merchant_id, id, item_id, warehouse_id, compartment_id, batch, status, 0, q, quantity, reserved, 'reserve', 'outbound', 'generated' from s)
    update outbound_orders o set reserved_units = o.total_units
    where o.id > ${after} and o.status = any(${holding}::int[]) and o.deleted_at is null`.execute(db);
}

/** Generates `count` orders (see the module comment); answers how long it took in milliseconds. */
export async function generateOrders(database: Kysely<DB>, options: GenerateOptions): Promise<number> {
  const started = performance.now();
  const merchants = options.merchants ?? 20;
  const itemsPerMerchant = Math.max(3, options.itemsPerMerchant ?? 50);
  const batch = options.batch ?? 50_000;
  // Temporary lookup tables live on one connection: every statement runs on it.
  await database.connection().execute(async (db) => {
    await prepare(db, merchants, itemsPerMerchant);
    const counts = await sql<{ merchants: number; places: number }>`select (select count(*) from gen_merchants)::int as merchants,
      (select count(*) from gen_places)::int as places`.execute(db);
    for (let from = 1; from <= options.count; from += batch) {
      const to = Math.min(options.count, from + batch - 1);
      await db.transaction().execute((trx) => insertBatch(trx, from, to, options.count, counts.rows[0]!));
      options.onProgress?.(to, options.count);
    }
    // What autovacuum would do next (visibility map, statistics), done now so it does not compete with the first users.
    for (const table of ['outbound_orders', 'outbound_lines', 'reservations', 'stock', 'inventory_log'])
      await sql`vacuum (analyze) ${sql.table(table)}`.execute(db);
  });
  return performance.now() - started;
}
