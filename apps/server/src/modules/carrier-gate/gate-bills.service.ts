import { GATE_BILL, type Locale, type Page } from '@kontor/contracts';
import { moneyText, type Currency } from '@kontor/contracts/money';
import type { GateBill, GateBillDetail } from '@kontor/contracts/domains/carrier-gate-responses';
import type { Core } from '../../core.js';
import type { AuthContext } from '../../http/access.js';
import { AppError } from '../../http/app-error.js';
import { toCsv } from '../../lib/csv.js';
import { decodeCursor, keysetPage } from '../../lib/cursor.js';
import { renderGateBill } from '../../lib/documents/gate-bill.js';
import { gateBillsRepo, type GateBillLineRow, type GateBillRow, type NewBillLine } from './gate-bills.repo.js';
import { gateUsersRepo } from './gate-users.repo.js';
import { lastMonth, marginOf, periodBounds } from './margin.js';

const time = (value: Date | null) => value as unknown as string;
const DRAFT = GATE_BILL.codeOf('draft');
const ISSUED = GATE_BILL.codeOf('issued');

function toBill(row: GateBillRow): GateBill {
  return {
    id: Number(row.id),
    gateUserId: Number(row.gate_user_id),
    company: row.company,
    period: row.period,
    currency: row.currency,
    status: row.status,
    lineCount: row.line_count,
    costMinor: Number(row.cost_minor),
    marginMinor: Number(row.margin_minor),
    totalMinor: Number(row.total_minor),
    createdAt: time(row.created_at),
    updatedAt: time(row.updated_at),
    issuedAt: time(row.issued_at),
    version: row.version,
  };
}

function toLine(row: GateBillLineRow): GateBillDetail['lines'][number] {
  return {
    id: Number(row.id),
    labelId: Number(row.label_id),
    shipmentId: Number(row.shipment_id),
    reference: row.reference,
    trackingNumber: row.tracking_number,
    carrier: row.carrier,
    product: row.product,
    boughtAt: time(row.bought_at),
    costMinor: row.cost_minor,
    marginMinor: row.margin_minor,
    amountMinor: row.amount_minor,
  };
}

const CSV_HEADER: Record<Locale, string[]> = {
  en: ['Bought at', 'Shipment', 'Reference', 'Tracking number', 'Carrier', 'Product', 'Carrier cost', 'Margin', 'Amount', 'Currency'],
  de: ['Gekauft am', 'Sendung', 'Referenz', 'Sendungsnummer', 'Versanddienstleister', 'Produkt', 'Frachtkosten', 'Aufschlag', 'Betrag', 'Währung'],
  cn: ['购买时间', '货件', '参考号', '运单号', '承运商', '产品', '承运商成本', '加价', '金额', '币种'],
};

function mustBeCompany(auth: AuthContext): void {
  if (auth.merchantId !== null) throw new AppError('NoPermission');
}

/**
 * Monthly bills of the gate users (issue 17 item 8; docs/carrier-gate.md "Bills"): every label bought in
 * the month and not voided, at the carrier's cost plus the user's margin, in integer cents, one bill per
 * user, month and currency. A draft is rebuilt on every build; an issued bill never changes again.
 */
export class GateBillsService {
  constructor(private readonly core: Pick<Core, 'db'>) {}

  async list(
    auth: AuthContext,
    query: { l: number; o?: string | undefined; gateUserId?: number | undefined; period?: string | undefined; status?: number | undefined },
  ): Promise<Page<GateBill>> {
    mustBeCompany(auth);
    const filter = { gateUserId: query.gateUserId, period: query.period, status: query.status };
    const page = keysetPage(await gateBillsRepo.list(this.core.db, { ...filter, cursor: decodeCursor(query.o), limit: query.l }), query.l);
    return { total: await gateBillsRepo.count(this.core.db, filter), next: page.next, data: page.data.map(toBill) };
  }

  async detail(auth: AuthContext, id: number): Promise<GateBillDetail> {
    mustBeCompany(auth);
    const [row] = await gateBillsRepo.list(this.core.db, { id });
    if (!row) throw new AppError('NotFound');
    return { ...toBill(row), lines: (await gateBillsRepo.lines(this.core.db, id)).map(toLine) };
  }

  /** Builds (or rebuilds the drafts of) a month's bills, of one user or all; issued bills are left as they are. */
  async build(auth: AuthContext | null, input: { period?: string | undefined; gateUserId?: number | undefined }): Promise<GateBill[]> {
    if (auth) mustBeCompany(auth);
    const period = input.period ?? lastMonth();
    const { from, to } = periodBounds(period);
    const users = input.gateUserId !== undefined ? [{ id: input.gateUserId }] : await gateBillsRepo.userIds(this.core.db);
    const ids: number[] = [];
    for (const { id: gateUserId } of users) {
      const user = await gateUsersRepo.get(this.core.db, gateUserId);
      if (!user) throw new AppError('NotFound');
      const built = await this.core.db.transaction().execute(async (trx) => {
        const labels = await gateBillsRepo.billable(trx, gateUserId, from, to);
        const byCurrency = new Map<string, NewBillLine[]>();
        for (const label of labels) {
          // A carrier that answers no cost bills at zero cost: the margin's fixed part still applies.
          const currency = label.currency ?? user.currency;
          const costMinor = label.cost_minor ?? 0;
          const marginMinor = marginOf(costMinor, user.margin_bp, user.margin_fixed_minor);
          const lines = byCurrency.get(currency) ?? [];
          lines.push({
            labelId: Number(label.label_id),
            shipmentId: Number(label.shipment_id),
            reference: label.reference,
            trackingNumber: label.tracking_number,
            carrier: label.carrier,
            product: label.product,
            boughtAt: label.bought_at,
            costMinor,
            marginMinor,
            amountMinor: costMinor + marginMinor,
          });
          byCurrency.set(currency, lines);
        }
        const out: number[] = [];
        for (const [currency, lines] of byCurrency) {
          const existing = await gateBillsRepo.forUpdate(trx, gateUserId, period, currency);
          if (existing && existing.status !== DRAFT) {
            out.push(Number(existing.id));
            continue;
          }
          const billId = existing ? Number(existing.id) : await gateBillsRepo.insert(trx, { gateUserId, period, currency, status: DRAFT });
          await gateBillsRepo.replaceLines(trx, billId, DRAFT, lines);
          out.push(billId);
        }
        return out;
      });
      ids.push(...built);
    }
    const rows = await gateBillsRepo.list(this.core.db, { period });
    return rows.filter((r) => ids.includes(Number(r.id))).map(toBill);
  }

  /** draft → issued through the bill machine; an issued bill is answered BillIssued. */
  async issue(auth: AuthContext, id: number): Promise<GateBill> {
    mustBeCompany(auth);
    const [row] = await gateBillsRepo.list(this.core.db, { id });
    if (!row) throw new AppError('NotFound');
    if (!GATE_BILL.can(row.status, 'issued')) throw new AppError('BillIssued');
    if (!(await gateBillsRepo.setStatus(this.core.db, id, row.status, ISSUED, true))) throw new AppError('BillIssued');
    return toBill((await gateBillsRepo.list(this.core.db, { id }))[0]!);
  }

  private async forFile(auth: AuthContext, id: number) {
    const bill = await this.detail(auth, id);
    const money = (amount: number) => moneyText({ amount, currency: bill.currency as Currency });
    return { bill, money, name: `bill-${bill.period}-${bill.gateUserId}-${bill.currency}` };
  }

  async csv(auth: AuthContext, id: number, locale: Locale): Promise<{ name: string; data: Buffer }> {
    const { bill, money, name } = await this.forFile(auth, id);
    const rows = bill.lines.map((l) => [
      new Date(l.boughtAt),
      l.shipmentId,
      l.reference,
      l.trackingNumber,
      l.carrier,
      l.product,
      money(l.costMinor),
      money(l.marginMinor),
      money(l.amountMinor),
      bill.currency,
    ]);
    rows.push(['', '', '', '', '', '', money(bill.costMinor), money(bill.marginMinor), money(bill.totalMinor), bill.currency]);
    return { name: `${name}.csv`, data: toCsv(CSV_HEADER[locale], rows) };
  }

  async pdf(auth: AuthContext, id: number, locale: Locale): Promise<{ name: string; data: Buffer }> {
    const { bill, money, name } = await this.forFile(auth, id);
    const user = await gateUsersRepo.get(this.core.db, bill.gateUserId);
    const address = (user?.address ?? {}) as unknown as Record<string, string>;
    const data = await renderGateBill({
      number: `GB-${bill.period}-${bill.id}`,
      company: bill.company,
      address: [
        [address.street, address.streetNumber].filter(Boolean).join(' '),
        `${address.zip ?? ''} ${address.city ?? ''}`.trim(),
        address.country ?? '',
      ].filter(Boolean),
      period: bill.period,
      currency: bill.currency,
      status: GATE_BILL.states[GATE_BILL.stateOf(bill.status) ?? 'draft'].label[locale],
      lines: bill.lines.map((l) => ({
        date: new Date(l.boughtAt).toISOString().slice(0, 10),
        trackingNumber: l.trackingNumber,
        product: l.product,
        cost: money(l.costMinor),
        margin: money(l.marginMinor),
        amount: money(l.amountMinor),
      })),
      totals: { cost: money(bill.costMinor), margin: money(bill.marginMinor), amount: money(bill.totalMinor) },
      language: locale,
    });
    return { name: `${name}.pdf`, data };
  }
}
