import { z } from 'zod';

/** A return (RMA, facts §3.9) as every returns call answers it; a draft has no merchant yet. */
const returnRecordSchema = z.object({
  id: z.number(),
  merchantId: z.number().nullable(),
  agentGUID: z.string(),
  merchantName: z.string(),
  shipSN: z.string(),
  originSN: z.string(),
  originShipSN: z.string(),
  originCountry: z.string(),
  businessType: z.number(),
  type: z.number(),
  status: z.number(),
  note: z.string(),
  items: z.string(),
  image: z.string(),
  itemStrOrigin: z.string(),
  dispose: z.string(),
  finDate: z.string(),
  createdAt: z.string(),
  updatedAt: z.string(),
});

/** Answers of the returns routes (issue 16 item 5; docs/api-contracts.md). */
export const returnsResponses = {
  'GET /v0/r7greceiving/': returnRecordSchema,
  'GET /v0/r7greceiving/list': z.object({ total: z.number(), next: z.number(), data: z.array(returnRecordSchema) }),
  /** Creating and saving a return answer null, as the original did (facts §3.9). */
  'POST /v0/r7greceiving/': z.null(),
  'PUT /v0/r7greceiving/': z.null(),
  'POST /v0/r7greceiving/inbound': returnRecordSchema,
  'POST /v0/r7greceiving/cancel': returnRecordSchema,
} satisfies Record<string, z.ZodType>;

export type ReturnRecord = z.infer<typeof returnRecordSchema>;
