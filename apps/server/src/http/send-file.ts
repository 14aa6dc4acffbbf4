import type { FastifyReply } from 'fastify';
import type { Readable } from 'node:stream';
import { contentDisposition } from './content-disposition.js';

/**
 * A file as the answer: its type, its name (shown inline or downloaded) and never kept by a shared cache,
 * since exports and documents carry a merchant's data. One place for the headers every download route sends.
 */
export function sendFile(reply: FastifyReply, file: { mime: string; name: string; data: Buffer | string | Readable }, disposition: 'inline' | 'attachment') {
  return reply
    .header('Content-Type', file.mime)
    .header('Content-Disposition', contentDisposition(disposition, file.name))
    .header('X-Content-Type-Options', 'nosniff')
    .header('Cache-Control', 'private, no-store')
    .send(file.data);
}
