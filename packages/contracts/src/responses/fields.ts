import { z } from 'zod';
import { wireTime } from './wire.js';

/**
 * Field groups that several answers share, spread into their `z.object({...})` where they stand (the
 * order of the fields is the order of the JSON the server sends, so a group is spread in place).
 */

/** A stored record's times and the version its optimistic lock compares. */
export const recordTimes = { createdAt: wireTime, updatedAt: wireTime, version: z.number() };

/** A document as lists name it: its id, its number (unid) and its status code. */
export const documentKey = { id: z.number(), unid: z.string(), status: z.number() };

/** An outbound order as the merchant's screens name it: its id, our number, the merchant's reference and the status code. */
export const orderByReference = { orderId: z.number(), unid: z.string(), refOrderId: z.string(), status: z.number() };

/** The item of a line: id, SKU and name. */
export const lineItem = { itemId: z.number(), sku: z.string(), name: z.string() };

/** The item of a row that names other things too (a compartment, a merchant): id, SKU and `itemName`. */
export const namedItem = { itemId: z.number(), sku: z.string(), itemName: z.string() };

/** The merchant a row belongs to, by id and name. */
export const merchantOf = { merchantId: z.number(), merchantName: z.string() };

type Shape = Record<string, z.ZodType>;

/** The same fields, each null where the row has none (a grouping's dimensions it does not group by). */
export function orNull<S extends Shape>(shape: S): { [K in keyof S]: z.ZodNullable<S[K]> } {
  return Object.fromEntries(Object.entries(shape).map(([key, type]) => [key, type.nullable()])) as { [K in keyof S]: z.ZodNullable<S[K]> };
}
