import {
  announcementWriteSchema,
  compartmentWriteSchema,
  warehouseWriteSchema,
  dutyWriteSchema,
  lookupWriteSchema,
  printerWriteSchema,
  settingWriteSchema,
  taxRateWriteSchema,
  workClassWriteSchema,
} from '@kontor/contracts/domains/settings';
import type { Kysely } from 'kysely';
import type { DB } from '../../db/types.js';
import { AppError, ruleError } from '../../http/app-error.js';
import { announcementWritten } from '../settings/index.js';
import { keepSecrets, maskSetting } from '../settings/index.js';
import { INBOUND_RESOURCES } from '../inbound/index.js';
import { INVENTORY_RESOURCES } from '../inventory/index.js';
import { SHIPPING_LOG_RESOURCE } from '../outbound/index.js';
import { TICKET_RESOURCES } from '../tickets/index.js';
import { CatalogueRepo } from './catalogue.repo.js';
import { defineResource, resourceHead, type ResourceDef } from './define.js';

async function mustExist(db: Kysely<DB>, table: 'users' | 'work_classes' | 'warehouses', id: unknown, field: string) {
  if (id === null || id === undefined) return;
  // The write schema has checked the id is a whole number.
  if (!(await CatalogueRepo.exists(db, table, id as number)))
    throw new AppError('IntegrityError', { fields: [ruleError(field, 'unknownRecord', { value: String(id) })] });
}

/**
 * The simple record types of the settings area (issue 4 §4): each one a declaration here and a mask
 * file in `apps/server/masks/`; the generic layer gives them their routes, checks and audit.
 */
export const RESOURCES: ResourceDef[] = [
  defineResource({
    ...resourceHead('lookup', '/v0/lookup/', 'lookups', 'global', 'sys.lookup.list', 'sys.lookup.edit'),
    fields: {
      key: { kind: 'text', search: true, filter: true, sort: true },
      class: { kind: 'int', filter: true, sort: true },
      type: { kind: 'int', filter: true, sort: true },
      meta: { kind: 'json' },
      remark: { kind: 'text', search: true },
    },
    write: lookupWriteSchema,
    defaultSort: { field: 'createdAt', order: 'desc' },
    unique: [['key', 'class', 'type']],
  }),
  defineResource({
    ...resourceHead('setting', '/v0/settings/', 'settings', 'global', 'sys.settings.list', 'sys.settings.edit'),
    fields: {
      key: { kind: 'text', search: true, filter: true, sort: true },
      value: { kind: 'json' },
      description: { kind: 'text', search: true },
    },
    write: settingWriteSchema,
    defaultSort: { field: 'key', order: 'asc' },
    unique: [['key']],
    // Secrets never leave the server, and a masked secret saved back keeps the stored one (setting-secrecy.ts).
    present: (row) => ({ ...row, value: maskSetting(String(row.key), row.value) }),
    merge: (values, stored) => ({ ...values, value: keepSecrets(String(values.key), values.value, { key: String(stored.key), value: stored.value }) }),
  }),
  defineResource({
    ...resourceHead('taxRate', '/v0/tax/', 'tax_rates', 'global', 'sys.tax.list', 'sys.tax.edit'),
    fields: {
      country: { kind: 'text', search: true, filter: true, sort: true },
      kind: { kind: 'text', filter: true, sort: true },
      rate: { kind: 'decimal', filter: true, sort: true },
      validFrom: { kind: 'date', filter: true, sort: true },
      validTo: { kind: 'date', filter: true },
    },
    write: taxRateWriteSchema,
    defaultSort: { field: 'country', order: 'asc' },
    unique: [['country', 'kind', 'validFrom']],
  }),
  defineResource({
    ...resourceHead('printer', '/v0/printers/', 'printers', 'global', 'sys.printers.list', 'sys.printers.edit'),
    fields: {
      name: { kind: 'text', search: true, filter: true, sort: true },
      kind: { kind: 'text', filter: true, sort: true },
      agentUrl: { kind: 'text' },
      printerName: { kind: 'text', search: true },
      stationUserId: { kind: 'int', filter: true },
      documentKinds: { kind: 'json' },
      disabled: { kind: 'bool', filter: true },
    },
    write: printerWriteSchema,
    defaultSort: { field: 'name', order: 'asc' },
    unique: [['name']],
    check: (db, values) => mustExist(db, 'users', values.stationUserId, 'stationUserId'),
  }),
  defineResource({
    ...resourceHead('announcement', '/v0/announcements/', 'announcements', 'global', 'sys.announcements.list', 'sys.announcements.edit'),
    fields: {
      titleEn: { kind: 'text', search: true },
      titleCn: { kind: 'text', search: true },
      titleDe: { kind: 'text', search: true },
      textEn: { kind: 'text' },
      textCn: { kind: 'text' },
      textDe: { kind: 'text' },
      audienceRoles: { kind: 'json' },
      publishFrom: { kind: 'datetime', filter: true, sort: true },
      publishTo: { kind: 'datetime', filter: true },
    },
    write: announcementWriteSchema,
    defaultSort: { field: 'publishFrom', order: 'desc' },
    afterWrite: announcementWritten,
  }),
  defineResource({
    ...resourceHead('workClass', '/v0/classes/', 'work_classes', 'global', 'sys.classes.list', 'sys.classes.edit'),
    fields: {
      name: { kind: 'text', search: true, filter: true, sort: true },
      startTime: { kind: 'text', sort: true },
      endTime: { kind: 'text' },
      remark: { kind: 'text', search: true },
    },
    write: workClassWriteSchema,
    defaultSort: { field: 'startTime', order: 'asc' },
    unique: [['name']],
    async inUse(db, id) {
      const duty = await CatalogueRepo.dutyOfClass(db, id);
      return duty !== null ? `still used by duty ${String(duty)}` : null;
    },
  }),
  defineResource({
    ...resourceHead('duty', '/v0/duties/', 'duties', 'global', 'sys.classes.list', 'sys.classes.edit'),
    fields: {
      userId: { kind: 'int', filter: true, sort: true },
      classId: { kind: 'int', filter: true, sort: true },
      weekdays: { kind: 'json' },
      validFrom: { kind: 'date', filter: true, sort: true },
      validTo: { kind: 'date', filter: true },
    },
    write: dutyWriteSchema,
    defaultSort: { field: 'validFrom', order: 'desc' },
    async check(db, values) {
      await mustExist(db, 'users', values.userId, 'userId');
      await mustExist(db, 'work_classes', values.classId, 'classId');
    },
  }),
  defineResource({
    ...resourceHead('warehouse', '/v0/warehouses/', 'warehouses', 'global', 'wms.warehouse.list', 'wms.warehouse.edit'),
    fields: {
      code: { kind: 'text', search: true, filter: true, sort: true },
      name: { kind: 'text', search: true, sort: true },
      address: { kind: 'json' },
      timeZone: { kind: 'text' },
    },
    write: warehouseWriteSchema,
    defaultSort: { field: 'code', order: 'asc' },
    unique: [['code']],
    async inUse(db, id) {
      const code = await CatalogueRepo.compartmentOfWarehouse(db, id);
      return code !== null ? `still holds compartment ${code}` : null;
    },
  }),
  defineResource({
    ...resourceHead('compartment', '/v0/compartments/', 'compartments', 'global', 'wms.compartment.list', 'wms.compartment.edit'),
    fields: {
      warehouseId: { kind: 'int', filter: true },
      code: { kind: 'text', search: true, filter: true, sort: true },
      zone: { kind: 'text', filter: true, sort: true },
      kind: { kind: 'text', filter: true, sort: true },
      priority: { kind: 'int', filter: true, sort: true },
      capacityUnits: { kind: 'int' },
      capacityWeight: { kind: 'decimal' },
      capacityVolume: { kind: 'decimal' },
      blocked: { kind: 'bool', filter: true },
    },
    write: compartmentWriteSchema,
    defaultSort: { field: 'code', order: 'asc' },
    unique: [['warehouseId', 'code']],
    check: (db, values) => mustExist(db, 'warehouses', values.warehouseId, 'warehouseId'),
    async inUse(db, id) {
      return (await CatalogueRepo.compartmentHasStock(db, id)) ? 'still has stock rows' : null;
    },
  }),
  ...INVENTORY_RESOURCES,
  ...INBOUND_RESOURCES,
  ...TICKET_RESOURCES,
  SHIPPING_LOG_RESOURCE,
];
