import { z } from 'zod';
import { wireTime } from '../responses/wire.js';
import { PRINT_JOB_STATES, PRINT_KINDS } from './printing.js';

/** One print of the history (docs/printing.md). */
export const printJobSchema = z.object({
  id: z.number(),
  createdAt: wireTime,
  updatedAt: wireTime,
  userId: z.number(),
  userName: z.string(),
  stationUserId: z.number(),
  stationName: z.string(),
  kind: z.enum(PRINT_KINDS),
  url: z.string().nullable(),
  sn: z.string().nullable(),
  title: z.string(),
  printerName: z.string(),
  agentUrl: z.string(),
  state: z.enum(PRINT_JOB_STATES),
  error: z.string(),
  reprintOf: z.number().nullable(),
});
export type PrintJob = z.infer<typeof printJobSchema>;

/** A printer as the station page shows it, with the kinds the routing sends to it. */
export const stationPrinterSchema = z.object({
  id: z.number(),
  name: z.string(),
  kind: z.string(),
  agentUrl: z.string(),
  printerName: z.string(),
  documentKinds: z.array(z.string()),
  shared: z.boolean(),
});

/** `GET /v0/print/station`: the caller's print station, its printers and which one prints each kind. */
export const printStationSchema = z.object({
  station: z.object({ id: z.number(), name: z.string() }),
  isStation: z.boolean(),
  online: z.boolean(),
  defaultAgentUrl: z.string(),
  printers: z.array(stationPrinterSchema),
  routes: z.array(z.object({ kind: z.enum(PRINT_KINDS), printerId: z.number().nullable(), printerName: z.string(), agentUrl: z.string() })),
});
export type PrintStation = z.infer<typeof printStationSchema>;

export const printingResponses = {
  'POST /v0/print': printJobSchema,
  'GET /v0/print/history': z.object({ data: z.array(printJobSchema) }),
  'POST /v0/print/history/:id/reprint': printJobSchema,
  'POST /v0/print/history/:id/report': printJobSchema,
  'GET /v0/print/station': printStationSchema,
};
