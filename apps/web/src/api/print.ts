import type { PrintSend } from '@kontor/contracts/domains/printing';
import type { PrintJob } from '@kontor/contracts/domains/printing-responses';
import { api } from './request.js';

/**
 * The console's print buttons (docs/printing.md): sends a document to the user's print station. The
 * server answers the job, or "Printer not online!" (PrinterOffline, shown by the request layer).
 */
export function sendPrint(print: Partial<PrintSend> & Pick<PrintSend, 'kind'>): Promise<PrintJob> {
  return api('POST /v0/print', { data: print });
}
