import { z } from 'zod';
import { defineResource, type ResourceDef } from '../resources/index.js';

/**
 * The ticket list (issue 7 §5): a read model over `tickets_view`; tickets are written through their
 * own routes (tickets.routes.ts). Merchants see their own tickets only (scope 'merchant'). Newest
 * first by creation, which the keyset indexes tickets_list and tickets_merchant back; `s=lastMessageAt`
 * sorts by the latest message instead.
 */
export const TICKET_RESOURCES: ResourceDef[] = [
  defineResource({
    name: 'ticket',
    path: '/v0/tickets/',
    table: 'tickets_view',
    scope: 'merchant',
    readOnly: true,
    privileges: { list: 'p11y.tickets.list', create: 'p11y.tickets.edit', update: 'p11y.tickets.edit', delete: 'p11y.tickets.edit' },
    fields: {
      unid: { kind: 'text', search: true, filter: true, sort: true },
      orderId: { kind: 'int', filter: true },
      orderUnid: { kind: 'text', search: true, filter: true },
      merchantName: { kind: 'text', filter: true },
      subject: { kind: 'text', search: true },
      status: { kind: 'int', filter: true, sort: true },
      createdBy: { kind: 'int', filter: true },
      lastMessageAt: { kind: 'datetime', filter: true, sort: true },
      lastSide: { kind: 'text', filter: true },
      messageCount: { kind: 'int' },
    },
    write: z.object({}),
    defaultSort: { field: 'createdAt', order: 'desc' },
  }),
];
