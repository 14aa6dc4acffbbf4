import { z } from 'zod';

/**
 * Printing through print stations (issue 17 item 7, docs/printing.md). A print names what kind of
 * document it is; the server routes it to the station and printer that serve that kind.
 * - `label`: a 100×150 mm label PDF (shipping, box, pallet) → the thermal printer
 * - `a4`: an A4 PDF (packing slip, picklist, invoice) → the laser printer
 * - `sn`: the SN label of a serial number, fetched by the station from `/v0/utils/labelSNBase64`
 * - `itemDesc`: an item description label PDF → the thermal printer
 */
export const PRINT_KINDS = ['label', 'a4', 'sn', 'itemDesc'] as const;
export type PrintKind = (typeof PRINT_KINDS)[number];

/** The socket `print` event's types (spec §7) for each kind. */
export const PRINT_EVENT_TYPES = { label: 'previewUrl', a4: 'previewUrl', sn: 'printSN', itemDesc: 'printItemDesc' } as const satisfies Record<
  PrintKind,
  string
>;
export type PrintEventType = (typeof PRINT_EVENT_TYPES)[PrintKind];

export const PRINT_JOB_STATES = ['sent', 'printed', 'failed'] as const;
export type PrintJobState = (typeof PRINT_JOB_STATES)[number];

/** The agent address a station uses when its printer record names none (the PrintBridge port, facts §2.8). */
export const DEFAULT_AGENT_URL = 'http://localhost:9100';

/**
 * A document the station fetches with its own session: a path on Kontor (`/v0/…`), never another
 * host, so a print can never send the station's credentials elsewhere. An absolute URL on Kontor's own
 * address is accepted and cut to its path by the server.
 */
const documentUrl = z.string().trim().min(2).max(2000);

/** `POST /v0/print`: the console's print buttons. */
export const printSendSchema = z
  .strictObject({
    kind: z.enum(PRINT_KINDS),
    url: documentUrl.optional(),
    sn: z.string().trim().min(1).max(200).optional(),
    title: z.string().trim().max(200).default(''),
  })
  .refine((p) => p.kind === 'sn' || !!p.url, { path: ['url'], message: 'required' })
  .refine((p) => p.kind !== 'sn' || !!p.sn, { path: ['sn'], message: 'required' });
export type PrintSend = z.infer<typeof printSendSchema>;

/** `POST /v0/print/history/{id}/report`: the station says how the job went. */
export const printReportSchema = z.strictObject({
  state: z.enum(['printed', 'failed']),
  error: z.string().trim().max(500).default(''),
});
export type PrintReport = z.infer<typeof printReportSchema>;

/** `GET /v0/print/history`: the newest jobs of the caller (as station or sender). */
export const printHistoryQuerySchema = z.object({ l: z.coerce.number().int().min(1).max(200).default(50) });
