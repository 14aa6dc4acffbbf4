import { RETURN_ORDER } from '@kontor/contracts/status/returns';
import { useCallback, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../api/errors.js';
import { notify } from '../../notify/queue.js';
import { newKey } from '../../api/idempotency-key.js';
import type { Feedback } from '../../components/scan/scan-feedback.js';
import { named, rememberCompartment, rememberItem, useLineNames } from './names.js';
import { errorMessage, lineKey, linesText, originSkus, returnsApi, toBody, toDraft, type DraftLine, type ReturnDraft } from './returns-api.js';

type ItemHit = Awaited<ReturnType<typeof returnsApi.item>>;
type CompartmentHit = Awaited<ReturnType<typeof returnsApi.compartment>>;

/** What the server stores, without what the console only shows: unsaved changes differ here. */
const fingerprint = (d: ReturnDraft) => JSON.stringify(toBody(d));

/** A reread record keeps the names the console knows for its lines. */
const reread = (record: Parameters<typeof toDraft>[0]) => {
  const draft = toDraft(record);
  return { ...draft, lines: draft.lines.map(named) };
};

/**
 * One return at the returns desk (facts §3.9): item and compartment scans, line edits, save (POST
 * then a lookup by shipSN, or PUT) and inbound. Every outcome is shown in the banner with its sound.
 */
export function useReturnEditor(
  initial: ReturnDraft,
  show: (f: Feedback | null) => void,
  merchantName: (code: string) => string,
  /** Something was stored: the list reloads. */
  onStored: () => void,
) {
  const { t } = useTranslation();
  const [draft, setDraftState] = useState<ReturnDraft>(() => ({ ...initial, lines: initial.lines.map(named) }));
  // Scans follow each other faster than React renders: each one works on the draft the last one left.
  const latest = useRef(draft);
  // What is stored, or for a new draft what was drafted: a draft left untouched loses nothing.
  const [saved, setSaved] = useState(() => fingerprint(initial));
  const [selected, setSelected] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const queue = useRef<Promise<void>>(Promise.resolve());
  // One key per inbound of the same lines: a retry after a lost answer books nothing twice (rule 8).
  const inboundKey = useRef({ lines: '', key: '' });

  const setDraft = useCallback((change: ReturnDraft | ((d: ReturnDraft) => ReturnDraft)) => {
    latest.current = typeof change === 'function' ? change(latest.current) : change;
    setDraftState(latest.current);
  }, []);
  const changed = fingerprint(draft) !== saved;
  const patch = useCallback((change: Partial<ReturnDraft>) => setDraft((d) => ({ ...d, ...change })), [setDraft]);
  const setLines = useCallback((change: (lines: DraftLine[]) => DraftLine[]) => setDraft((d) => ({ ...d, lines: change(d.lines) })), [setDraft]);
  useLineNames(draft.lines, (name) => setLines((lines) => lines.map(name)), draft.status === RETURN_ORDER.codeOf('inbounded') ? draft.shipSN : undefined);

  const fail = (err: unknown) => show({ tone: 'error', text: errorMessage(err) });

  const addItem = (item: ItemHit) => {
    const draft = latest.current;
    const sku = item.unid;
    rememberItem(item.guid, sku, item.name ?? '');
    if (draft.agentGUID && item.agentGUID && item.agentGUID !== draft.agentGUID)
      return show({ tone: 'error', text: t('returns.otherMerchant', { sku, merchant: item.customer ?? item.agentGUID }) });
    const same = draft.lines.find((l) => l.itemId === item.guid && !l.itemBatch && l.valid === 1);
    const qty = (same?.qty ?? 0) + 1;
    const lines = same
      ? draft.lines.map((l) => (l === same ? { ...l, qty } : l))
      : [
          ...draft.lines,
          { key: lineKey(), itemId: item.guid, itemBatch: '', qty: 1, valid: 1, remark: '', compartmentGUID: '', sku, name: item.name ?? '', compartment: '' },
        ];
    const merchant: Partial<Pick<ReturnDraft, 'agentGUID' | 'merchantName'>> =
      !draft.agentGUID && item.agentGUID ? { agentGUID: item.agentGUID, merchantName: item.customer ?? merchantName(item.agentGUID) } : {};
    setDraft((d) => ({ ...d, ...merchant, lines }));
    const origin = originSkus(draft.itemStrOrigin);
    if (origin.size && !origin.has(sku.toUpperCase())) return show({ tone: 'warning', text: t('returns.notOnOrder', { sku }) });
    if (merchant.agentGUID) return show({ tone: 'success', text: t('returns.merchantFromItem', { sku, merchant: merchant.merchantName }) });
    show({ tone: 'success', text: t('returns.itemAdded', { sku, qty }) });
  };

  const placeLines = (place: CompartmentHit) => {
    const draft = latest.current;
    const code = place.name;
    if (place.blocked) return show({ tone: 'error', text: t('returns.compartmentBlocked', { code }) });
    if (!draft.lines.length) return show({ tone: 'warning', text: t('returns.scanItemsFirst') });
    rememberCompartment(place.guid, code);
    const chosen = draft.lines.find((l) => l.key === selected);
    const targets = chosen ? [chosen.key] : draft.lines.filter((l) => !l.compartmentGUID).map((l) => l.key);
    if (!targets.length) return show({ tone: 'warning', text: t('returns.allPlaced') });
    setLines((lines) => lines.map((l) => (targets.includes(l.key) ? { ...l, compartmentGUID: place.guid, compartment: code } : l)));
    setSelected(null);
    show({ tone: 'success', text: t('returns.compartmentSet', { code, count: targets.length }) });
  };

  const handle = async (code: string) => {
    try {
      const [item, place] = await Promise.all([returnsApi.item(code), returnsApi.compartment(code)]);
      if (item.guid) addItem(item);
      else if (place.guid) placeLines(place);
      else show({ tone: 'error', text: t('returns.unknownCode', { code }) });
    } catch (err) {
      fail(err);
    }
  };
  /** A scan is an item (SKU, barcode, alias) or else a compartment; scans are handled one after another. */
  const scan = (code: string) => {
    queue.current = queue.current.then(() => handle(code));
    return queue.current;
  };

  /** Stores the return and reads it back; answers the stored draft, or null when refused. */
  const persist = async (current: ReturnDraft): Promise<ReturnDraft | null> => {
    const body = toBody(current);
    if (current.id) {
      await returnsApi.update(body);
      return reread(await returnsApi.get(current.id));
    }
    // The original's create answers null: the new return is found again by its parcel number.
    await returnsApi.create(body);
    const found = await returnsApi.byShipSN(body.shipSN);
    return found ? reread(await returnsApi.get(found.id).catch(() => found)) : null;
  };

  const stored = (read: ReturnDraft) => {
    // The lines come back in the order sent: they keep their keys, so a selected line stays selected.
    const before = latest.current.lines;
    const next = read.lines.length === before.length ? { ...read, lines: read.lines.map((l, i) => ({ ...l, key: before[i]!.key })) } : read;
    setDraft(next);
    setSaved(fingerprint(next));
    onStored();
  };

  const save = async (): Promise<ReturnDraft | null> => {
    await queue.current;
    const draft = latest.current;
    setBusy(true);
    try {
      const next = await persist(draft);
      if (!next) {
        show({ tone: 'error', text: t('returns.notFoundAfterSave', { code: draft.shipSN }) });
        return null;
      }
      stored(next);
      show({ tone: 'success', text: t('returns.saved') });
      return next;
    } catch (err) {
      fail(err);
      return null;
    } finally {
      setBusy(false);
    }
  };

  const book = async () => {
    const current = !latest.current.id || fingerprint(latest.current) !== saved ? await save() : latest.current;
    if (!current) return;
    const lines = linesText(current.lines);
    if (inboundKey.current.lines !== `${current.id}:${lines}`) inboundKey.current = { lines: `${current.id}:${lines}`, key: newKey() };
    const pieces = current.lines.reduce((sum, l) => sum + l.qty, 0);
    setBusy(true);
    try {
      await returnsApi.inbound(current.id, lines, inboundKey.current.key);
      stored(reread(await returnsApi.get(current.id)));
      show({ tone: 'success', text: t('returns.inbounded', { count: pieces }) });
    } catch (err) {
      fail(err);
      // Already inbounded elsewhere: the return is read again and shows its status (docs/returns.md).
      if (err instanceof ApiError && err.code === 'InvalidState')
        await returnsApi.get(current.id).then(
          (r) => stored(reread(r)),
          () => undefined,
        );
    } finally {
      setBusy(false);
    }
  };

  /** Checks what the server would refuse, then asks "Book N piece(s) into stock…" (facts §3.9). */
  const inbound = () => {
    const draft = latest.current;
    if (!draft.lines.length) return show({ tone: 'error', text: t('returns.needLines') });
    if (!draft.agentGUID) return show({ tone: 'error', text: t('returns.needCustomer') });
    const unplaced = draft.lines.filter((l) => !l.compartmentGUID).length;
    if (unplaced) return show({ tone: 'error', text: t('returns.missingCompartment', { count: unplaced }) });
    const pieces = draft.lines.reduce((sum, l) => sum + l.qty, 0);
    notify((n) =>
      n.confirm({
        title: t('returns.inbound'),
        content: t('returns.inboundConfirm', { count: pieces }),
        okText: t('returns.inbound'),
        cancelText: t('common.cancel'),
        onOk: book,
      }),
    );
  };

  const cancel = () =>
    notify((n) =>
      n.confirm({
        title: t('returns.cancel'),
        content: t('returns.cancelConfirm', { code: draft.shipSN }),
        okText: t('returns.cancel'),
        cancelText: t('common.back'),
        danger: true,
        onOk: async () => {
          try {
            await returnsApi.cancel(draft.id);
            stored(reread(await returnsApi.get(draft.id)));
            show({ tone: 'info', text: t('returns.canceled') });
          } catch (err) {
            fail(err);
          }
        },
      }),
    );

  return { draft, patch, setLines, selected, setSelected, busy, changed, scan, save, inbound, cancel };
}
