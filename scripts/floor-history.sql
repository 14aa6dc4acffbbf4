-- A year of floor history beside `npm run generate:orders -- --count 1000000` (for the home floor's plans only:
-- `npm run explain:home`, docs/shipping.md "Plans on a million orders"). Run once: psql -d DB -f scripts/floor-history.sql
insert into pallets (pallet_code, pickup_carrier, state, closed_at, created_at)
  select 'LDX' || lpad(g::text, 7, '0'), 'DHL Freight', case when g > 39980 then 'open' else 'closed' end,
         case when g > 39980 then null else now() - ((40000 - g) * interval '13 minutes') end,
         now() - ((40000 - g) * interval '13 minutes')
  from generate_series(1, 40000) g;
insert into pallet_tracking (pallet_id, pallet_code, tracking_no, outbound_id, merchant_id, resolve_status)
  select p.id, p.pallet_code, 'TRKX' || g, g, o.merchant_id, 'resolved'
  from generate_series(1, 1000000) g
  join outbound_orders o on o.id = g
  join pallets p on p.pallet_code = 'LDX' || lpad((1 + (g % 40000))::text, 7, '0');
insert into shipping_log (kind, merchant_id, order_id, code, result, created_at)
  select 'shipping', o.merchant_id, o.id, 'TRKX' || o.id, case when o.id % 10 = 0 then 'already' else 'new' end,
         now() - ((1000000 - o.id) * interval '31 seconds')
  from outbound_orders o;
insert into pack_log (order_id, merchant_id, parcel_index, created_at)
  select o.id, o.merchant_id, 0, now() - ((1000000 - o.id) * interval '31 seconds') - interval '1 hour'
  from outbound_orders o;
insert into tickets (order_id, merchant_id, subject, status, created_at)
  select g * 10, o.merchant_id, 'Where is my parcel?', case when g % 300 = 0 then 1 when g % 301 = 0 then 2 else 100 end,
         now() - ((100000 - g) * interval '5 minutes')
  from generate_series(1, 100000) g join outbound_orders o on o.id = g * 10;
insert into inbound_orders (merchant_id, warehouse_id, status, expected_date, created_at)
  select 1 + (g % 20), (select min(id) from warehouses), case when g > 49800 then 1 else 100 end,
         (now() - ((50000 - g) * interval '10 minutes'))::date, now() - ((50000 - g) * interval '10 minutes')
  from generate_series(1, 50000) g;
analyze;
