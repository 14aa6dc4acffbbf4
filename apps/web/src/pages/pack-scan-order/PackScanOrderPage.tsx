import { OUTBOUND_ORDER, type OutboundState } from '@kontor/contracts/status/outbound';
import { PICKLIST, PICKLIST_TYPES } from '@kontor/contracts/status/picklist';
import { Button, Card, Input, Popconfirm, Select, Space, Switch, Tag, Typography } from 'antd';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../api/errors.js';
import { newKey } from '../../api/idempotency-key.js';
import { DocNo } from '../../components/DocNo.js';
import { StateTag } from '../../components/StateTag.js';
import { FeedbackBanner } from '../../components/scan/FeedbackBanner.js';
import { NO_MEASURE, ParcelMeasure, parcelOf, type Measure } from '../../components/scan/ParcelMeasure.js';
import { ScanInput } from '../../components/scan/ScanInput.js';
import { useFeedback } from '../../components/scan/use-feedback.js';
import { useLabelFeedback } from '../../components/scan/use-label-feedback.js';
import { packScanApi, type MaterialOption, type P11yPicklist } from './pack-scan-api.js';
import {
  infoRows,
  keyForBatch,
  keyForSku,
  lineKey,
  markPrinted,
  pieces,
  rankCandidates,
  readiness,
  takeOff,
  type ScanOrder,
  type Scanned,
} from './pack-scan-logic.js';
import '../../components/scan/scan-station.css';
import './pack-scan-order.css';

const STATION_KEY = 'kontor.packScanOrder.station';
const AUTO_KEY = 'kontor.packScanOrder.autoPrint';
/** The materials last used per order carrier: the station's stand-in for the original's carrier config memory. */
const materialKey = (carrier: string) => `kontor.packScanOrder.materials.${carrier || '-'}`;
/** States the pack flow accepts: such an order is packed, then labelled. */
const PACKABLE: readonly OutboundState[] = ['readyToPick', 'readyToSwap', 'inPicklist', 'picklistPrinted', 'readyToPack', 'partiallyPacked'];
/** Packed, but the label step did not finish (a station went down in between): only the label is left. */
const PACKED: readonly OutboundState[] = ['packed', 'shipmentLabelAwaits', 'transportLabelAwaits'];
const CANCELED: readonly OutboundState[] = ['cancelRequested', 'canceled'];
/** Packed, waiting for the parcel's weight or dimensions: packing again with them measured resumes it. */
const MEASURE: readonly OutboundState[] = ['packetWeightNeeded', 'packetDimensionNeeded'];

interface Loaded {
  raw: P11yPicklist;
  orders: ScanOrder[];
  itemOrders: Record<string, number[]>;
  finished: Set<number>;
}

const load = (raw: P11yPicklist): Loaded => ({
  raw,
  orders: JSON.parse(raw.orders) as ScanOrder[],
  itemOrders: JSON.parse(raw.itemOrders) as Record<string, number[]>,
  finished: new Set(JSON.parse(raw.ordersFin || '[]') as number[]),
});

const message = (err: unknown) => (err instanceof Error ? err.message : String(err));

/**
 * `/wEP/packScanOrder` (issue 18 item 4, facts §3.6 Pack Scan Order, docs/packing.md): multi-item
 * orders of a type-1 picklist are packed per order. Item scans are counted on this screen; the orders
 * they may belong to are ranked by the pieces they still lack. An order whose lines are all scanned
 * exactly, with a packing material and a label, is printed: re-read, packed through the pack flow (its
 * stock leaves the books there), labelled on the station's printer, then saved to the picklist.
 */
export default function PackScanOrderPage() {
  const { t } = useTranslation();
  const [picklist, setPicklist] = useState<Loaded | null>(null);
  const [scanned, setScanned] = useState<Scanned>({});
  const [lastKey, setLastKey] = useState<string | null>(null);
  /** A SKU scanned whose batch must come next, and the plain key a batch of no batch line counts under. */
  const [batchFor, setBatchFor] = useState<{ sku: string; fallback: string | null } | null>(null);
  const [materials, setMaterials] = useState<MaterialOption[]>([]);
  const [chosen, setChosen] = useState<number[]>([]);
  const [station, setStation] = useState(() => localStorage.getItem(STATION_KEY) ?? '');
  const [autoPrint, setAutoPrint] = useState(() => localStorage.getItem(AUTO_KEY) === '1');
  const [busy, setBusy] = useState(false);
  const [measure, setMeasure] = useState<Measure>(NO_MEASURE);
  const scanField = useRef<{ focus(): void }>(null);
  const printing = useRef(false);
  const [feedback, show] = useFeedback();
  const labelled = useLabelFeedback(show, { texts: 'packScanOrder', printed: 'printed', testId: 'pack-order-open-label' });

  useEffect(() => {
    void packScanApi.materials().then(setMaterials);
  }, []);
  useEffect(() => localStorage.setItem(STATION_KEY, station), [station]);
  useEffect(() => localStorage.setItem(AUTO_KEY, autoPrint ? '1' : ''), [autoPrint]);

  const candidates = picklist && lastKey ? rankCandidates(picklist.orders, picklist.itemOrders, lastKey, picklist.finished, scanned) : [];

  const openPicklist = async (code: string) => {
    try {
      const found = await packScanApi.findPicklist(code);
      if (found.type !== PICKLIST_TYPES.packScanOrder) return show({ tone: 'error', text: t('packScanOrder.typeMismatch') });
      const raw = await packScanApi.picklist(found.id);
      if (raw.status === PICKLIST.codeOf('canceled')) return show({ tone: 'error', text: t('packScanOrder.canceled') });
      if (raw.status === PICKLIST.codeOf('shippedPartially')) return show({ tone: 'warning', text: t('packScanOrder.shippedPartially') });
      if (raw.itemQty > 0 && raw.itemQtyPicked >= raw.itemQty) return show({ tone: 'success', text: t('packScanOrder.wellDone') });
      setPicklist(load(raw));
      setScanned({});
      setLastKey(null);
      setBatchFor(null);
      show({ tone: 'info', text: t('packScanOrder.loaded', { unid: raw.unid }) });
    } catch (err) {
      if (err instanceof ApiError && err.code === 'NotFound') show({ tone: 'error', text: t('packScanOrder.picklistNotFound', { q: code }) });
      else show({ tone: 'error', text: message(err) });
    }
  };

  /** A scan resolved to its key: one more piece on the table, if some open order of the list needs it. */
  const count = (p: Loaded, key: string) => {
    const next = { ...scanned, [key]: (scanned[key] ?? 0) + 1 };
    const ranked = rankCandidates(p.orders, p.itemOrders, key, p.finished, next);
    if (ranked.length === 0) return show({ tone: 'error', text: t('packScanOrder.orderNotFound') });
    setScanned(next);
    setLastKey(key);
    show({ tone: 'success', text: t('packScanOrder.counted', { key, count: next[key] }) });
    const first = ranked[0]!.order;
    // The top order's carrier brings the materials last used for it when the packer has none chosen yet.
    let picked = chosen;
    if (picked.length === 0) {
      const remembered = JSON.parse(localStorage.getItem(materialKey(first.carrier ?? '')) ?? '[]') as number[];
      picked = remembered.filter((id) => materials.some((m) => m.id === id));
      if (picked.length > 0) setChosen(picked);
    }
    if (autoPrint && readiness(first, next, picked.length) === 'printable') void print(p, first, next, picked);
  };

  const scanItem = async (p: Loaded, code: string) => {
    if (batchFor) {
      const key = keyForBatch(p.itemOrders, batchFor.sku, code) ?? batchFor.fallback;
      setBatchFor(null);
      return key ? count(p, key) : show({ tone: 'error', text: t('packScanOrder.orderNotFound') });
    }
    // A scan equal to a SKU of the picklist needs no lookup; a barcode or alias is resolved to its SKU.
    let sku = code;
    let resolved = keyForSku(p.itemOrders, code);
    if (!resolved) {
      const item = await packScanApi.item(code).catch(() => ({ guid: '', unid: '' }));
      if (!item.unid) return show({ tone: 'error', text: t('packScanOrder.itemNotFound') });
      sku = item.unid;
      resolved = keyForSku(p.itemOrders, sku);
      if (!resolved) return show({ tone: 'error', text: t('packScanOrder.orderNotFound') });
    }
    if ('needsBatch' in resolved) {
      setBatchFor({ sku: sku.toUpperCase(), fallback: resolved.fallback });
      return show({ tone: 'warning', text: t('packScanOrder.scanBatch') });
    }
    count(p, resolved.key);
  };

  const onScan = (code: string) => {
    if (printing.current) return show({ tone: 'warning', text: t('packScanOrder.printing') });
    if (!picklist) return void openPicklist(code);
    void scanItem(picklist, code);
  };

  /** Saves the order as finished (with its pieces picked or not); an OverPick answer re-reads the picklist. */
  const save = async (p: Loaded, order: ScanOrder, picked: boolean) => {
    const rows = infoRows(p.raw.items, p.raw.itemInfo);
    const body: P11yPicklist = {
      ...p.raw,
      ordersFin: JSON.stringify([...new Set([...p.finished, order.ID])]),
      itemInfo: JSON.stringify(picked ? markPrinted(rows, order) : rows),
      itemQtyPicked: p.raw.itemQtyPicked + (picked ? pieces(order) : 0),
    };
    try {
      await packScanApi.savePicklist(body, newKey());
      // Read back: the server's status rule and other stations' progress show, and the read is the next PUT's base.
      setPicklist(load(await packScanApi.picklist(p.raw.id).catch(() => body)));
    } catch (err) {
      if (!(err instanceof ApiError && err.code === 'OverPick')) throw err;
      setPicklist(load(await packScanApi.picklist(p.raw.id)));
      show({ tone: 'warning', text: t('packScanOrder.overPick') });
    }
  };

  /** Facts §3.6 step 4, one at a time: re-read, pack (stock leaves here), label and print, then save. */
  async function print(p: Loaded, order: ScanOrder, table: Scanned = scanned, using: number[] = chosen, confirmWeight = false) {
    if (printing.current) return show({ tone: 'warning', text: t('packScanOrder.printing') });
    printing.current = true;
    setBusy(true);
    try {
      const state = OUTBOUND_ORDER.stateOf((await packScanApi.order(order.ID)).status);
      if (state && CANCELED.includes(state)) return show({ tone: 'error', text: t('packScanOrder.noNeedCanceled') });
      if (!state || (!PACKABLE.includes(state) && !PACKED.includes(state) && !MEASURE.includes(state)))
        return show({ tone: 'warning', text: t('packScanOrder.noNeedPrinted') });
      localStorage.setItem(materialKey(order.carrier ?? ''), JSON.stringify(using));
      if (PACKABLE.includes(state) || MEASURE.includes(state)) {
        const parcel = { ...parcelOf(measure), materials: using.map((itemId) => ({ itemId, quantity: 1 })) };
        const packed = await packScanApi.pack(order.ID, { station: station.trim(), parcels: [parcel], confirmWeight }, newKey());
        const after = OUTBOUND_ORDER.stateOf(packed.status);
        // The carrier needs what the station did not measure: the order waits, the label comes later.
        if (after && MEASURE.includes(after)) return show({ tone: 'warning', text: t('packScanOrder.waitsMeasure', { unid: order.UNID }) });
      }
      const label = await packScanApi.label(order.ID);
      await save(p, order, true);
      setScanned(takeOff(table, order));
      setLastKey(null);
      setMeasure(NO_MEASURE);
      labelled(order.UNID, label);
    } catch (err) {
      if (err instanceof ApiError && err.code === 'CheckWeight')
        show({
          tone: 'warning',
          text: err.message,
          action: { label: t('packScanOrder.confirmWeight'), run: () => void print(p, order, table, using, true), testId: 'pack-order-confirm-weight' },
        });
      else show({ tone: 'error', text: message(err) });
    } finally {
      printing.current = false;
      setBusy(false);
    }
  }

  /** Facts §3.6 step 5: the order waits as out of stock and leaves the list; nothing counts as picked. */
  const outOfStock = async (p: Loaded, order: ScanOrder) => {
    if (printing.current) return show({ tone: 'warning', text: t('packScanOrder.printing') });
    setBusy(true);
    try {
      await packScanApi.outOfStock(order.ID, newKey());
      await save(p, order, false);
      setScanned(takeOff(scanned, order));
      setLastKey(null);
      show({ tone: 'warning', text: t('packScanOrder.markedOut', { unid: order.UNID }) });
    } catch (err) {
      show({ tone: 'error', text: message(err) });
    } finally {
      setBusy(false);
    }
  };

  const reset = () => {
    setPicklist(null);
    setScanned({});
    setLastKey(null);
    setBatchFor(null);
  };

  const raw = picklist?.raw;
  const placeholder = !picklist ? t('packScanOrder.scanPicklist') : batchFor ? t('packScanOrder.batchPlaceholder') : t('packScanOrder.scanItem');

  return (
    <div className="rcv-log" data-testid="pack-order">
      <Card size="small" className="rcv-card">
        <Typography.Title level={4}>{t('packScanOrder.title')}</Typography.Title>
        <Typography.Paragraph type="secondary">{t('packScanOrder.hint')}</Typography.Paragraph>
        {raw && picklist && (
          <div className="pso-head" data-testid="pack-order-picklist">
            <DocNo>{raw.unid}</DocNo>
            <StateTag machine={PICKLIST} code={raw.status} />
            {raw.priority >= 3 && <Tag color="red">{t('packScanOrder.urgent')}</Tag>}
            {raw.carrier && <Tag>{raw.carrier}</Tag>}
            <Typography.Text data-testid="pack-order-progress">{t('packScanOrder.progress', { picked: raw.itemQtyPicked, qty: raw.itemQty })}</Typography.Text>
            <Typography.Text type="secondary">{t('packScanOrder.finished', { n: picklist.finished.size, total: picklist.orders.length })}</Typography.Text>
            <Space wrap>
              <Button size="small" onClick={() => setScanned({})} disabled={busy} data-testid="pack-order-clear">
                {t('packScanOrder.clearScans')}
              </Button>
              <Button size="small" onClick={reset} disabled={busy} data-testid="pack-order-other">
                {t('packScanOrder.otherPicklist')}
              </Button>
            </Space>
          </div>
        )}
        <ScanInput ref={scanField} placeholder={placeholder} onScan={onScan} disabled={busy} testId="pack-order-input" />
        <div className="rcv-controls">
          <label className="rcv-control pso-station">
            {t('packScanOrder.station')}
            <Input value={station} maxLength={64} onChange={(e) => setStation(e.target.value)} data-testid="pack-order-station" />
          </label>
          <label className="rcv-control pso-materials">
            {t('packScanOrder.materials')}
            <Select
              mode="multiple"
              allowClear
              optionFilterProp="label"
              placeholder={t('packScanOrder.materialsNone')}
              value={chosen}
              onChange={(v: number[]) => setChosen(v)}
              options={materials.map((m) => ({ value: m.id, label: `${m.unid} · ${m.name}` }))}
              data-testid="pack-order-materials"
            />
          </label>
          <div className="rcv-control pso-parcel">
            {t('packScanOrder.parcel')}
            <ParcelMeasure value={measure} onChange={setMeasure} onDone={() => scanField.current?.focus()} disabled={busy} testId="pack-order-measure" />
          </div>
          <label className="rcv-control">
            {t('packScanOrder.autoPrint')}
            <Switch checked={autoPrint} onChange={setAutoPrint} data-testid="pack-order-auto" />
          </label>
        </div>
        <FeedbackBanner feedback={feedback} testId="pack-order-feedback" />
      </Card>
      {picklist && (
        <Card size="small" className="rcv-card" title={t('packScanOrder.candidates')}>
          {candidates.length === 0 ? (
            <Typography.Text type="secondary">{t('packScanOrder.none')}</Typography.Text>
          ) : (
            <ul className="pso-orders" data-testid="pack-order-candidates">
              {candidates.map(({ order, remaining }) => {
                const ready = readiness(order, scanned, chosen.length);
                return (
                  <li key={order.ID} data-testid="pack-order-candidate" data-order={order.UNID}>
                    <div className="pso-order-head">
                      <DocNo>{order.UNID}</DocNo>
                      <Tag color={remaining === 0 ? 'green' : 'default'}>
                        {remaining === 0 ? t('packScanOrder.ready') : t('packScanOrder.remaining', { n: remaining })}
                      </Tag>
                      {ready === 'noMaterial' && <Tag color="orange">{t('packScanOrder.needMaterial')}</Tag>}
                      {ready === 'noLabel' && <Tag color="orange">{t('packScanOrder.needLabel')}</Tag>}
                    </div>
                    <ul className="pso-lines">
                      {order.items.map((line) => (
                        <li key={lineKey(line)}>
                          <span className="pso-sku">{line.itemBatch ? `${line.sku} · ${line.itemBatch}` : line.sku}</span>
                          <span>
                            {Math.min(scanned[lineKey(line)] ?? 0, line.qty)} / {line.qty}
                          </span>
                        </li>
                      ))}
                    </ul>
                    <Space wrap>
                      {ready === 'noLabel' ? (
                        <Button type="primary" disabled={busy} onClick={() => void print(picklist, order)} data-testid="pack-order-request-label">
                          {t('packScanOrder.requestLabel')}
                        </Button>
                      ) : (
                        <Button
                          type="primary"
                          disabled={busy || ready !== 'printable'}
                          onClick={() => void print(picklist, order)}
                          data-testid="pack-order-print"
                        >
                          {t('packScanOrder.print')}
                        </Button>
                      )}
                      <Popconfirm
                        title={t('packScanOrder.outOfStockConfirm', { unid: order.UNID })}
                        okText={t('packScanOrder.confirm')}
                        cancelText={t('packScanOrder.cancel')}
                        onConfirm={() => void outOfStock(picklist, order)}
                      >
                        <Button danger disabled={busy} data-testid="pack-order-out-of-stock">
                          {t('packScanOrder.outOfStock')}
                        </Button>
                      </Popconfirm>
                    </Space>
                  </li>
                );
              })}
            </ul>
          )}
        </Card>
      )}
    </div>
  );
}
