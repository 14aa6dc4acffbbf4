/**
 * The outbound-io module's front door (issue 16 item 2): `outboundIoServices(core)` wires the order
 * import and export once per core (their job handlers included), so the route file holds no repository.
 */
import type { PassThrough } from 'node:stream';
import type { Core } from '../../core.js';
import { outboundServices } from '../outbound/index.js';
import { registerOrderExportJob, writeOrderExport, type exportRequest } from './order-export.js';
import { OrderImport } from './order-import.js';
import { OutboundIoRepo } from './outbound-io.repo.js';

type ExportRequest = Awaited<ReturnType<typeof exportRequest>>['request'];

const wired = new WeakMap<Core, ReturnType<typeof wire>>();

function wire(core: Core) {
  const { orders, lists } = outboundServices(core);
  const repo = new OutboundIoRepo();
  const importer = new OrderImport(orders, repo);
  importer.register();
  registerOrderExportJob(lists, repo);
  return {
    importer,
    lists,
    /** Streams an export into `out` (the direct download). */
    writeExport: (out: PassThrough, request: ExportRequest) => writeOrderExport(lists, repo, core, out, request),
  };
}

/** The order import and export of this core, built on first use. */
export function outboundIoServices(core: Core) {
  let services = wired.get(core);
  if (!services) wired.set(core, (services = wire(core)));
  return services;
}
