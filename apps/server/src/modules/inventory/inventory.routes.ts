import {
  adjustSchema,
  anyQuerySchema,
  changeStatusSchema,
  inventoryListQuerySchema,
  itemOptsQuerySchema,
  moveSchema,
  releaseSchema,
  reserveSchema,
  stockCountCreateSchema,
  stockCountLinesSchema,
  stockCountUnitSchema,
  stockGroupsQuerySchema,
} from '@kontor/contracts/domains/inventory';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Core } from '../../core.js';

import { AppError } from '../../http/app-error.js';
import { ok } from '../../http/reply.js';
import { compartmentRangeSchema } from '@kontor/contracts/domains/labels';
import { CompartmentRangeService } from './compartment-range.service.js';
import { checkStockInvariants } from './invariants.sql.js';
import { enqueueItemImport, itemImportSchema, registerItemImport } from './item-import.js';
import { InventoryLookups } from './lookups.service.js';
import { MergedUnitService, moveUnitSchema, packSchema, unpackSchema } from './merged-unit.service.js';
import { ReservationService } from './reservation.service.js';
import type { Actor } from './stock-tx.js';
import { StockGroupsService } from './stock-groups.service.js';
import { StockService } from './stock.service.js';
import { StocktakeUnits } from './stocktake-units.js';
import { StocktakeService } from './stocktake.service.js';
import { can, canRetry, idParams, routeDocs } from '../../http/route-config.js';
import { TenantScope, tenantAllows } from '../../db/tenant-scope.js';

const actorOf = (request: FastifyRequest): Actor => {
  if (!request.auth) throw new AppError('NoPermission');
  return { userId: request.auth.userId, merchantScope: TenantScope.of(request.auth) };
};
const moveBody = moveSchema.extend({ withReservations: z.boolean().default(false) });
const tags = ['inventory'];
const route = routeDocs(tags);

/** Lookups of the original clients, stock operations, reservations and stocktaking (issue 5). */
export function registerInventoryRoutes(app: FastifyInstance, core: Core): void {
  const stock = new StockService(core);
  const reservations = new ReservationService(core, stock);
  const stocktakes = new StocktakeService(core, stock);
  const countedUnits = new StocktakeUnits(core, stock, stocktakes);
  const lookups = new InventoryLookups(core);
  const units = new MergedUnitService(core, stock);
  const groups = new StockGroupsService(core);
  const r = app.withTypeProvider<ZodTypeProvider>();
  registerItemImport();

  r.post(
    '/v0/items/import',
    route(canRetry('wms.item.edit'), 'Import items from an uploaded XLSX or CSV file (background job with an error report)', { body: itemImportSchema }),
    async (req) => ok(await enqueueItemImport(core, req.auth!, req.body, req.locale)),
  );

  r.get(
    '/v0/item/any',
    route(can('wms.item.list'), 'Item by SKU, barcode or alias; {guid:"",unid:""} on a miss', { querystring: anyQuerySchema }),
    async (req) => ok(await lookups.itemAny(actorOf(req).merchantScope, req.query.q)),
  );
  r.get('/v0/item/opts', route(can('wms.item.list'), 'Items of one type (Type=2: packing materials)', { querystring: itemOptsQuerySchema }), async (req) =>
    ok(await lookups.itemOpts(actorOf(req).merchantScope, req.query.Type)),
  );
  r.get(
    '/v0/compartment/any',
    route(can('wms.inventory.list'), 'Compartment by code; {guid:"",name:""} on a miss', { querystring: anyQuerySchema }),
    async (req) => ok(await lookups.compartmentAny(actorOf(req).merchantScope, req.query.q)),
  );
  r.get(
    '/v0/inventory/list',
    route(can('wms.inventory.list'), 'Stock rows (l, o time cursor, q, LocationGUID)', { querystring: inventoryListQuerySchema }),
    async (req) => ok(await lookups.inventoryList(actorOf(req).merchantScope, req.query)),
  );

  r.get(
    '/v0/stock/groups',
    route(can('wms.inventory.list'), 'Stock summed by compartment, item, batch or merchant (by=...), with the stock list filters', {
      querystring: stockGroupsQuerySchema,
    }),
    async (req) => ok(await groups.groups(actorOf(req).merchantScope, req.query)),
  );

  r.post('/v0/inventory/adjust', route(canRetry('wms.inventory.edit'), 'Add or remove units with a reason code', { body: adjustSchema }), async (req) =>
    ok(await stock.adjust(actorOf(req), req.body)),
  );
  r.post('/v0/inventory/move', route(canRetry('wms.inventory.edit'), 'Move units to another compartment', { body: moveBody }), async (req) =>
    ok(await stock.move(actorOf(req), req.body)),
  );
  r.post('/v0/inventory/status', route(canRetry('wms.inventory.edit'), 'Freeze, damage or release units', { body: changeStatusSchema }), async (req) =>
    ok(await stock.changeStatus(actorOf(req), req.body)),
  );
  r.post('/v0/inventory/reserve', route(canRetry('wms.inventory.reserve'), 'Reserve units for a reference', { body: reserveSchema }), async (req) =>
    ok(await reservations.reserve(actorOf(req), req.body)),
  );
  r.post('/v0/inventory/release', route(canRetry('wms.inventory.reserve'), 'Release the reservations of a reference', { body: releaseSchema }), async (req) =>
    ok(await reservations.release(actorOf(req), req.body)),
  );

  r.get('/v0/munits/any', route(can('wms.mergedUnit.list'), 'A merged unit by code with its contents', { querystring: anyQuerySchema }), async (req) => {
    const actor = actorOf(req);
    const unit = await stock.places.mergedUnitByCode(req.query.q);
    if (!unit || !tenantAllows(actor.merchantScope, unit.merchantId)) return ok({ id: 0, code: '' });
    return ok(await units.contents(unit.id));
  });
  r.post('/v0/munits/pack', route(canRetry('wms.mergedUnit.edit'), 'Put loose units into a merged unit', { body: packSchema }), async (req) =>
    ok(await units.pack(actorOf(req), req.body)),
  );
  r.post('/v0/munits/unpack', route(canRetry('wms.mergedUnit.edit'), 'Empty a merged unit into its compartment', { body: unpackSchema }), async (req) =>
    ok(await units.unpack(actorOf(req), req.body)),
  );
  r.post('/v0/munits/move', route(canRetry('wms.mergedUnit.edit'), 'Move a merged unit with everything in it', { body: moveUnitSchema }), async (req) =>
    ok(await units.move(actorOf(req), req.body)),
  );

  r.get('/v0/inventory/check', route(can('wms.stocktake.approve'), 'Consistency check: snapshot, ledger and reservations agree (empty list)'), async (req) => {
    stocktakes.wholeWarehouse(actorOf(req));
    return ok(await checkStockInvariants(core.db));
  });

  r.get('/v0/stocktakes/', route(can('wms.stocktake.edit'), 'Recent stock counts'), async (req) => ok(await stocktakes.list(actorOf(req), 100)));
  r.post('/v0/stocktakes/', route(canRetry('wms.stocktake.edit'), 'Start counting compartments', { body: stockCountCreateSchema }), async (req) =>
    ok(await stocktakes.create(actorOf(req), req.body)),
  );
  r.get('/v0/stocktakes/:id', { config: can('wms.stocktake.edit'), schema: { tags, params: idParams } }, async (req) =>
    ok(await stocktakes.read(actorOf(req), req.params.id)),
  );
  r.put(
    '/v0/stocktakes/:id/lines',
    route(canRetry('wms.stocktake.edit'), 'Record counted quantities', { params: idParams, body: stockCountLinesSchema }),
    async (req) => ok(await stocktakes.count(actorOf(req), req.params.id, req.body.lines)),
  );
  r.put(
    '/v0/stocktakes/:id/units',
    route(canRetry('wms.stocktake.edit'), 'Count a merged unit as one: found here, found elsewhere, or missing', {
      params: idParams,
      body: stockCountUnitSchema,
    }),
    async (req) => ok(await countedUnits.count(actorOf(req), req.params.id, req.body)),
  );
  r.post(
    '/v0/stocktakes/:id/post',
    route(canRetry('wms.stocktake.approve'), 'Approve: post the differences as adjustments', { params: idParams }),
    async (req) => ok(await stocktakes.post(actorOf(req), req.params.id)),
  );
  r.post('/v0/stocktakes/:id/cancel', { config: canRetry('wms.stocktake.edit'), schema: { tags, params: idParams } }, async (req) =>
    ok(await stocktakes.cancel(actorOf(req), req.params.id)),
  );
  // Compartment ranges (issue 17 item 9): a preview, then the missing compartments created at once.
  const ranges = new CompartmentRangeService(core.db);
  r.post(
    '/v0/compartments/range/preview',
    route(can('wms.compartment.edit'), 'How many compartments a range names, first and last code, how many exist', { body: compartmentRangeSchema }),
    async (req) => ok(await ranges.preview(req.body)),
  );
  r.post(
    '/v0/compartments/range',
    route(canRetry('wms.compartment.edit'), 'Create the compartments of a range the warehouse lacks', { body: compartmentRangeSchema }),
    async (req) => ok(await ranges.create(req.body)),
  );
}
