import { CONTAINER_NOT_NULL } from '@kontor/contracts/responses/resource-rows';
import { containerWriteSchema } from '@kontor/contracts/domains/inbound';
import type { Kysely } from 'kysely';
import { z } from 'zod';
import type { DB } from '../../db/types.js';
import { AppError, ruleError } from '../../http/app-error.js';
import { InboundRepo } from './inbound.repo.js';
import { defineResource, resourcePrivileges, type ResourceDef } from '../resources/index.js';
import { warehouses } from '../inventory/index.js';

/** The warehouse must exist (an open container's number is unique by the index containers_open_number: Duplicate). */
async function checkContainer(db: Kysely<DB>, values: Record<string, unknown>) {
  if (values.warehouseId === undefined) return;
  if (!(await warehouses.exists(db, Number(values.warehouseId))))
    throw new AppError('IntegrityError', { fields: [ruleError('warehouseId', 'unknownRecord', { value: String(values.warehouseId) })] });
}

/** The inbound order list (a read model: orders are written through their own routes) and container orders. */
export const INBOUND_RESOURCES: ResourceDef[] = [
  defineResource({
    name: 'inboundOrder',
    path: '/v0/r7gorders/',
    table: 'inbound_orders_view',
    scope: 'merchant',
    readOnly: true,
    privileges: resourcePrivileges('r7g.orders.list'),
    fields: {
      unid: { kind: 'text', search: true, filter: true, sort: true },
      status: { kind: 'int', filter: true, sort: true },
      warehouseId: { kind: 'int', filter: true },
      warehouseCode: { kind: 'text', filter: true },
      containerId: { kind: 'int', filter: true },
      containerNumber: { kind: 'text', search: true, filter: true },
      merchantName: { kind: 'text', filter: true },
      reference: { kind: 'text', search: true, filter: true },
      expectedDate: { kind: 'date', filter: true },
      carrier: { kind: 'text', search: true, filter: true },
      trackingNumbers: { kind: 'json' },
      trackingLogged: { kind: 'json' },
      boxQty: { kind: 'int' },
      palletQty: { kind: 'int' },
      remark: { kind: 'text', search: true },
      files: { kind: 'json' },
      plannedUnits: { kind: 'int', filter: true },
      receivedUnits: { kind: 'int', filter: true },
      damagedUnits: { kind: 'int', filter: true },
      putAwayUnits: { kind: 'int' },
      difference: { kind: 'int', filter: true },
      receivingStartedAt: { kind: 'datetime', filter: true },
      receivedAt: { kind: 'datetime', filter: true },
      inboundedAt: { kind: 'datetime', filter: true },
    },
    write: z.object({}),
    defaultSort: { field: 'createdAt', order: 'desc' },
  }),
  defineResource({
    name: 'container',
    path: '/v0/c7rorders/',
    table: 'containers',
    scope: 'global',
    privileges: { list: 'c7r.orders.list', create: 'c7r.orders.edit', update: 'c7r.orders.edit', delete: 'c7r.orders.edit' },
    fields: {
      unid: { kind: 'text', search: true, filter: true, sort: true },
      number: { kind: 'text', search: true, filter: true, sort: true },
      warehouseId: { kind: 'int', filter: true },
      size: { kind: 'text', filter: true },
      carrier: { kind: 'text', search: true, filter: true },
      eta: { kind: 'date', filter: true },
      arrivedAt: { kind: 'datetime', filter: true },
      unloadedAt: { kind: 'datetime', filter: true },
      status: { kind: 'int', filter: true, sort: true },
      remark: { kind: 'text', search: true },
    },
    notNull: CONTAINER_NOT_NULL,
    write: containerWriteSchema,
    defaultSort: { field: 'createdAt', order: 'desc' },
    check: checkContainer,
    inUse: async (db, id) => {
      const unid = await new InboundRepo().orderOfContainer(db, id);
      return unid !== null ? `carries inbound order ${unid}` : null;
    },
  }),
];
