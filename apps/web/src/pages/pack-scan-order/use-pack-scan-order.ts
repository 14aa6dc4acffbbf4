import { OUTBOUND_ORDER, type OutboundState } from '@kontor/contracts/status/outbound';
import { PICKLIST, PICKLIST_TYPES } from '@kontor/contracts/status/picklist';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../api/errors.js';
import { newKey } from '../../api/idempotency-key.js';
import { NO_MEASURE, parcelOf } from '../../components/scan/ParcelMeasure.js';
import { useFeedback } from '../../components/scan/use-feedback.js';
import { useLabelFeedback } from '../../components/scan/use-label-feedback.js';
import { packScanApi, type P11yPicklist } from './pack-scan-api.js';
import { infoRows, keyForBatch, keyForSku, markPrinted, pieces, rankCandidates, readiness, takeOff, type ScanOrder, type Scanned } from './pack-scan-logic.js';
import { materialKey, type PackDesk } from './use-pack-desk.js';

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
 * The pack scan order's state and calls (see `PackScanOrderPage`): the picklist, the pieces counted on
 * the table, the orders they may belong to, and printing (re-read, pack, label, save) or marking an
 * order out of stock, one at a time.
 */
export function usePackScanOrder(desk: PackDesk) {
  const { t } = useTranslation();
  const { station, autoPrint, materials, chosen, setChosen, measure, setMeasure } = desk;
  const [picklist, setPicklist] = useState<Loaded | null>(null);
  const [scanned, setScanned] = useState<Scanned>({});
  const [lastKey, setLastKey] = useState<string | null>(null);
  /** A SKU scanned whose batch must come next, and the plain key a batch of no batch line counts under. */
  const [batchFor, setBatchFor] = useState<{ sku: string; fallback: string | null } | null>(null);
  const [busy, setBusy] = useState(false);
  const printing = useRef(false);
  const [feedback, show] = useFeedback();
  const labelled = useLabelFeedback(show, { texts: 'packScanOrder', printed: 'printed', testId: 'pack-order-open-label' });

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

  return { picklist, scanned, setScanned, batchFor, busy, feedback, candidates, onScan, print, outOfStock, reset };
}
