/**
 * The printing module's front door (issue 17 item 7, docs/printing.md): other modules print through
 * `printing.send(core, { userId, kind, url | sn, title })`; it answers the job or throws PrinterOffline.
 */
import type { Core } from '../../core.js';
import { PrintingService, type PrintRequest } from './printing.service.js';

export type { PrintEvent, PrintRequest } from './printing.service.js';

const wired = new WeakMap<Core, { printing: PrintingService }>();

/** The printing services of this core, built on first use. */
export function printingServices(core: Core) {
  let services = wired.get(core);
  if (!services) wired.set(core, (services = { printing: new PrintingService(core) }));
  return services;
}

/** Printing for other modules and flows (call after the transaction that made the document commits). */
export const printing = {
  send: (core: Core, request: PrintRequest) => printingServices(core).printing.send(request),
};
