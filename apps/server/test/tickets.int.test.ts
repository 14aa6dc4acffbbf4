import { TICKET } from '@kontor/contracts';
import { sql } from 'kysely';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestApp, type TestApp } from './helpers/test-app.js';

let t: TestApp;
let admin: string;
let staff: string;
let merchantA: string;
let merchantB: string;
const merchants: Record<'A' | 'B', number> = { A: 0, B: 0 };
const users: Record<string, number> = {};
const PDF = Buffer.from('%PDF-1.4\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n');

beforeAll(async () => {
  t = await createTestApp();
  [admin, staff, merchantA, merchantB] = await Promise.all([
    t.login('admin@demo.local'),
    t.login('staff@demo.local'),
    t.login('merchant-a@demo.local'),
    t.login('merchant-b@demo.local'),
  ]);
  const rows = await sql<{ code: string; id: number }>`select code, id from merchants where code in ('C001', 'C002')`.execute(t.core.db);
  merchants.A = Number(rows.rows.find((r) => r.code === 'C001')!.id);
  merchants.B = Number(rows.rows.find((r) => r.code === 'C002')!.id);
  for (const u of await t.core.db.selectFrom('users').select(['id', 'account']).execute()) users[u.account] = u.id;
});
afterAll(async () => {
  await t?.close();
});
afterEach(() => {
  vi.restoreAllMocks();
});

const get = (url: string, token = admin) => t.call({ method: 'GET', url, token }).then((r) => r.body);
const post = (url: string, payload: unknown, token = admin) => t.call({ method: 'POST', url, token, payload: payload as never }).then((r) => r.body);
const code = (state: keyof typeof TICKET.states) => TICKET.codeOf(state);

/** The lead's order routes are not on this branch: orders come straight from SQL. */
async function order(merchant: 'A' | 'B', deleted = false) {
  const row = await sql<{
    id: number;
    unid: string;
  }>`insert into outbound_orders (merchant_id, type_of_task, mode_of_transport, pickup_date, unit_qty, weight, consignee, deleted_at)
    values (${merchants[merchant]}, 'B2C', 'parcel', '2026-12-01', 1, 1.5, ${JSON.stringify({ name1: 'Eva Muster', country: 'DE' })}::jsonb, ${deleted ? new Date() : null})
    returning id, unid`.execute(t.core.db);
  return { id: Number(row.rows[0]!.id), unid: row.rows[0]!.unid };
}

/** Who received a `msg`, by account, while `run` ran. */
async function recipients(run: () => Promise<unknown>) {
  const spy = vi.spyOn(t.core.realtime, 'msgToUser').mockResolvedValue();
  await run();
  const byId = Object.fromEntries(Object.entries(users).map(([account, id]) => [id, account]));
  const sent = spy.mock.calls.map(([id, text]) => ({ account: byId[id]!, text }));
  spy.mockRestore();
  return sent;
}

const counts = async () => {
  const row = await sql<{ tickets: number; messages: number; audits: number }>`select (select count(*) from tickets)::int as tickets,
    (select count(*) from ticket_messages)::int as messages, (select count(*) from audit_log where entity = 'ticket')::int as audits`.execute(t.core.db);
  return row.rows[0];
};

async function open(token = merchantA, merchant: 'A' | 'B' = 'A') {
  const o = await order(merchant);
  const body = await post('/v0/tickets/', { orderId: o.id, subject: 'Where is my parcel?', message: 'The customer asks for the tracking number.' }, token);
  expect(body.code).toBe('OK');
  return { order: o, ...(body.data as { id: number; unid: string }) };
}

describe('opening tickets', () => {
  it('opens a ticket on the merchant’s own order with its first message and tells the staff who may answer', async () => {
    let created!: { id: number; unid: string; order: { id: number; unid: string } };
    const sent = await recipients(async () => (created = await open()));
    expect(created.unid).toMatch(/^TK\d{10}$/);
    const detail = (await get(`/v0/tickets/${created.id}/detail`, merchantA)).data;
    expect(detail.ticket).toMatchObject({
      unid: created.unid,
      orderId: created.order.id,
      orderUnid: created.order.unid,
      merchantId: merchants.A,
      status: code('open'),
      lastSide: 'merchant',
      messageCount: 1,
    });
    expect(detail.messages).toEqual([
      {
        id: expect.any(Number),
        at: expect.any(String),
        userName: 'Anna (Anker)',
        side: 'merchant',
        message: 'The customer asks for the tracking number.',
        files: [],
      },
    ]);
    // Nobody of the staff has written yet: the staff users holding p11y.tickets.edit (admin, employee), never a merchant.
    expect(sent.map((s) => s.account).sort()).toEqual(['admin@demo.local', 'staff@demo.local']);
    expect(sent[0]!.text).toContain(created.unid);
    const audit = await sql<{ action: string }>`select action from audit_log where entity = 'ticket' and entity_id = ${String(created.id)}`.execute(t.core.db);
    expect(audit.rows.map((r) => r.action)).toEqual(['create']);
  });

  it('opens a staff ticket as waiting for the merchant and tells the merchant’s users only', async () => {
    let created!: { id: number };
    const sent = await recipients(async () => (created = await open(staff)));
    expect((await get(`/v0/tickets/${created.id}/detail`, merchantA)).data.ticket).toMatchObject({ status: code('waiting'), lastSide: 'staff' });
    expect(sent.map((s) => s.account)).toEqual(['merchant-a@demo.local']);
  });

  it('refuses bad input and writes nothing', async () => {
    const before = await counts();
    const own = await order('A');
    const gone = await order('A', true);
    const empty = await post('/v0/tickets/', { orderId: own.id, subject: 'Hi', message: '   ' }, merchantA);
    expect(empty).toMatchObject({ code: 'IntegrityError', error: { fields: [{ field: 'message' }] } });
    expect((await post('/v0/tickets/', { orderId: own.id, subject: '', message: 'x' }, merchantA)).code).toBe('IntegrityError');
    expect((await post('/v0/tickets/', { orderId: 99_999_999, subject: 'Hi', message: 'x' }, merchantA)).code).toBe('NotFound');
    expect((await post('/v0/tickets/', { orderId: 99_999_999, subject: 'Hi', message: 'x' }, admin)).code).toBe('NotFound');
    expect(await post('/v0/tickets/', { orderId: gone.id, subject: 'Hi', message: 'x' }, merchantA)).toMatchObject({
      code: 'InvalidState',
      error: { fields: [{ field: 'orderId' }] },
    });
    // A file merchant B uploaded is not merchant A's to attach.
    const upload = await t.call({ method: 'POST', url: '/v0/statics/upload/intern', token: merchantB, ...multipart('b.pdf', PDF) });
    expect(upload.body.code).toBe('OK');
    const foreign = await post(
      '/v0/tickets/',
      { orderId: own.id, subject: 'Hi', message: 'x', files: [{ id: upload.body.data.id, name: 'b.pdf' }] },
      merchantA,
    );
    expect(foreign).toMatchObject({ code: 'IntegrityError', error: { fields: [{ field: 'files.0.id' }] } });
    expect(await counts()).toEqual(before);
  });
});

describe('answering', () => {
  it('switches the status by who wrote last and tells the other side', async () => {
    const { id } = await open();
    // Staff answer: waiting (for the merchant); merchant A's users hear of it, merchant B's do not.
    let answer: { data: { ticket: { status: number }; messages: Array<{ side: string; userName: string }> } };
    let sent = await recipients(async () => (answer = await post(`/v0/tickets/${id}/messages`, { message: 'Shipped today with DHL.' }, staff)));
    expect(answer!.data.ticket.status).toBe(code('waiting'));
    expect(answer!.data.messages.map((m) => [m.side, m.userName])).toEqual([
      ['merchant', 'Anna (Anker)'],
      ['staff', 'Stefan Staff'],
    ]);
    expect(sent.map((s) => s.account)).toEqual(['merchant-a@demo.local']);
    // Merchant answer: open again; now the staff who wrote hears of it, not every staff user.
    sent = await recipients(async () => (answer = await post(`/v0/tickets/${id}/messages`, { message: 'Thanks, which number?' }, merchantA)));
    expect(answer!.data.ticket.status).toBe(code('open'));
    expect(sent.map((s) => s.account)).toEqual(['staff@demo.local']);
    expect(sent[0]!.text).toMatch(/new answer from the merchant/);
    // A second merchant message keeps it open.
    expect((await post(`/v0/tickets/${id}/messages`, { message: 'Hello?' }, merchantA)).data.ticket).toMatchObject({ status: code('open'), messageCount: 4 });
  });

  it('reopens a closed ticket on an answer from either side', async () => {
    const { id } = await open();
    expect((await post(`/v0/tickets/${id}/status`, { status: 'closed' }, merchantA)).data.ticket.status).toBe(code('closed'));
    expect((await post(`/v0/tickets/${id}/messages`, { message: 'One more thing' }, merchantA)).data.ticket.status).toBe(code('open'));
    await post(`/v0/tickets/${id}/status`, { status: 'closed' }, staff);
    expect((await post(`/v0/tickets/${id}/messages`, { message: 'Reopened by us' }, staff)).data.ticket).toMatchObject({
      status: code('waiting'),
      lastSide: 'staff',
    });
  });

  it('keeps attached files on the message and gives them to the merchant', async () => {
    const { id } = await open();
    const upload = await t.call({ method: 'POST', url: '/v0/statics/upload/intern', token: staff, ...multipart('pod.pdf', PDF) });
    const fileId = upload.body.data.id as string;
    const answer = await post(`/v0/tickets/${id}/messages`, { message: 'Proof of delivery attached.', files: [{ id: fileId, name: 'pod.pdf' }] }, staff);
    expect(answer.data.messages.at(-1).files).toEqual([{ id: fileId, name: 'pod.pdf' }]);
    expect((await t.call({ method: 'GET', url: `/v0/static/${fileId}`, token: merchantA })).status).toBe(200);
    expect((await post(`/v0/tickets/${id}/messages`, { message: '' }, merchantA)).code).toBe('IntegrityError');
  });
});

describe('status', () => {
  it('walks the transitions TICKET allows and refuses the others with InvalidState', async () => {
    const { id } = await open();
    const status = (s: string, token = staff) => post(`/v0/tickets/${id}/status`, { status: s }, token);
    expect((await status('open')).code).toBe('InvalidState');
    expect((await status('waiting')).data.ticket.status).toBe(code('waiting'));
    expect((await status('waiting')).code).toBe('InvalidState');
    expect((await status('closed')).data.ticket.status).toBe(code('closed'));
    expect(await status('waiting')).toMatchObject({ code: 'InvalidState', error: { fields: [{ field: 'status' }] } });
    expect((await status('open', merchantA)).data.ticket.status).toBe(code('open'));
    expect((await status('solved')).code).toBe('IntegrityError');
    const audit = await sql<{ n: number }>`select count(*)::int as n from audit_log where entity = 'ticket' and entity_id = ${String(id)}`.execute(t.core.db);
    expect(audit.rows[0]!.n).toBe(4);
  });
});

describe('tenant scope', () => {
  it('keeps merchant A’s tickets from merchant B: NotFound and empty lists', async () => {
    const { id, unid, order: o } = await open();
    expect((await get(`/v0/tickets/${id}/detail`, merchantB)).code).toBe('NotFound');
    expect((await get(`/v0/tickets/${id}`, merchantB)).code).toBe('NotFound');
    expect((await get(`/v0/tickets/by-order/${o.id}`, merchantB)).code).toBe('NotFound');
    expect((await post(`/v0/tickets/${id}/messages`, { message: 'Mine now' }, merchantB)).code).toBe('NotFound');
    expect((await post(`/v0/tickets/${id}/status`, { status: 'closed' }, merchantB)).code).toBe('NotFound');
    expect((await post('/v0/tickets/', { orderId: o.id, subject: 'Hi', message: 'x' }, merchantB)).code).toBe('NotFound');
    expect((await get(`/v0/tickets/?unid=${unid}`, merchantB)).data.total).toBe(0);
    expect((await get(`/v0/tickets/?merchantId=${merchants.A}`, merchantB)).data.total).toBe(0);
    expect((await get(`/v0/tickets/?unid=${unid}`, merchantA)).data.total).toBe(1);
    expect((await get(`/v0/tickets/${id}/detail`, merchantA)).data.messages).toHaveLength(1);
  });
});

describe('lists', () => {
  it('filters by status and order, searches number, subject and order number, and lists one order’s tickets', async () => {
    const first = await open();
    const second = await post('/v0/tickets/', { orderId: first.order.id, subject: 'Address change', message: 'New street' }, merchantA);
    await post(`/v0/tickets/${second.data.id}/status`, { status: 'closed' }, staff);
    const byOrder = (await get(`/v0/tickets/by-order/${first.order.id}`, merchantA)).data;
    expect(byOrder.map((r: { id: number }) => r.id)).toEqual([second.data.id, first.id]);
    const list = (q: string) => get(`/v0/tickets/?${q}`, merchantA).then((b) => b.data);
    expect((await list(`orderId=${first.order.id}`)).total).toBe(2);
    expect((await list(`orderId=${first.order.id}&status=${code('closed')}`)).data.map((r: { id: number }) => r.id)).toEqual([second.data.id]);
    expect((await list(`q=${first.order.unid}`)).total).toBe(2);
    expect((await list(`q=address change`)).data.every((r: { subject: string }) => r.subject === 'Address change')).toBe(true);
    expect((await list(`q=${first.unid}`)).data.map((r: { id: number }) => r.id)).toEqual([first.id]);
    const paged = await list(`orderId=${first.order.id}&l=1`);
    expect(paged.data).toHaveLength(1);
    expect((await list(`orderId=${first.order.id}&l=1&o=${encodeURIComponent(paged.next)}`)).data.map((r: { id: number }) => r.id)).toEqual([first.id]);
    expect((await get(`/v0/tickets/by-order/99999999`, admin)).code).toBe('NotFound');
  });
});

function multipart(name: string, data: Buffer) {
  const boundary = '----kontor' + Math.random().toString(16).slice(2);
  const head = Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="upload"; filename="${name}"\r\nContent-Type: application/pdf\r\n\r\n`);
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
  return { payload: Buffer.concat([head, data, tail]), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}
