import { ticketCreateSchema, ticketMessageSchema, ticketStatusSchema } from '@kontor/contracts/domains/outbound';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Core } from '../../core.js';
import { ok } from '../../http/reply.js';
import { ticketsServices } from './index.js';
import { can, canRetry, dbId, idParams, routeDocs } from '../../http/route-config.js';

const route = routeDocs(['ticket']);

/**
 * Tickets about an outbound order (issue 7 §5). The list `GET /v0/tickets/` and `GET /v0/tickets/{id}`
 * are the generic read-only resource (tickets.resources.ts); these are the conversation's own routes.
 */
export function registerTicketRoutes(app: FastifyInstance, core: Core): void {
  const { tickets } = ticketsServices(core);
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.post('/v0/tickets/', route(canRetry('p11y.tickets.edit'), 'Open a ticket on an order with its first message', { body: ticketCreateSchema }), async (req) =>
    ok(await tickets.create(req.auth!, req.body)),
  );
  r.get('/v0/tickets/:id/detail', route(can('p11y.tickets.list'), 'A ticket and its messages, oldest first', { params: idParams }), async (req) =>
    ok(await tickets.detail(req.auth!, req.params.id)),
  );
  r.get(
    '/v0/tickets/by-order/:orderId',
    route(can('p11y.tickets.list'), 'The tickets of one order, newest first', { params: z.strictObject({ orderId: dbId }) }),
    async (req) => ok(await tickets.byOrder(req.auth!, req.params.orderId)),
  );
  r.post(
    '/v0/tickets/:id/messages',
    route(canRetry('p11y.tickets.edit'), 'Answer a ticket; answers the ticket and its messages', { params: idParams, body: ticketMessageSchema }),
    async (req) => ok(await tickets.answer(req.auth!, req.params.id, req.body)),
  );
  r.post(
    '/v0/tickets/:id/status',
    route(canRetry('p11y.tickets.edit'), 'Change the status as TICKET allows', { params: idParams, body: ticketStatusSchema }),
    async (req) => ok(await tickets.changeStatus(req.auth!, req.params.id, req.body)),
  );
}
