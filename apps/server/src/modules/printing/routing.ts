import type { PrintKind } from '@kontor/contracts/domains/printing';
import type { PrinterRow } from './printing.repo.js';

/** The document kinds of settings (contracts DOCUMENT_KINDS) each print kind stands for. */
const DOCUMENTS: Record<PrintKind, readonly string[]> = {
  label: ['shippingLabel', 'boxLabel', 'palletLabel', 'compartmentLabel'],
  a4: ['deliveryNote', 'picklist', 'invoice'],
  sn: ['itemLabel'],
  itemDesc: ['itemLabel'],
};

/** The printer kinds of settings (contracts PRINTER_KINDS) that can print a kind: labels on thermal printers, A4 on the laser. */
const PRINTER_KINDS: Record<PrintKind, readonly string[]> = {
  label: ['thermal', 'label100x150'],
  a4: ['a4'],
  sn: ['thermal', 'label100x150'],
  itemDesc: ['thermal', 'label100x150'],
};

/**
 * The printer a station prints a kind on (issue 17 item 7): a printer of the station named for one of
 * the kind's documents, else one of the station whose printer kind fits; then the same among shared
 * printers (no station set). Null: no printer fits, the station prints on its agent's first printer.
 */
export function printerFor(kind: PrintKind, printers: readonly PrinterRow[], stationUserId: number): PrinterRow | null {
  const own = printers.filter((p) => p.stationUserId === stationUserId);
  const shared = printers.filter((p) => p.stationUserId === null);
  for (const group of [own, shared]) {
    const named = group.find((p) => p.documentKinds.some((d) => DOCUMENTS[kind].includes(d)));
    if (named) return named;
    const fitting = group.find((p) => p.documentKinds.length === 0 && PRINTER_KINDS[kind].includes(p.kind));
    if (fitting) return fitting;
  }
  return null;
}

/** The name the agent knows the printer by (the CUPS queue), else the record's name. */
export const agentPrinterName = (printer: PrinterRow | null): string => (printer ? printer.printerName || printer.name : '');
