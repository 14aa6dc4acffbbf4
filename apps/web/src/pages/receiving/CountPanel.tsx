import { CloseOutlined } from '@ant-design/icons';
import { Button, Input, InputNumber, Segmented, Switch, Tag } from 'antd';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { notify } from '../../notify/queue.js';
import { ExpiryPrompt } from './ExpiryPrompt.js';
import { FeedbackBanner } from '../../components/scan/FeedbackBanner.js';
import { errorText, newKey, receivingApi, type InboundDetail, type ScanAnswer, type ScanRecord } from './receiving-api.js';
import { RecentScans } from './RecentScans.js';
import type { Feedback } from '../../components/scan/scan-feedback.js';
import { ScanInput } from '../../components/scan/ScanInput.js';
import { BatchPrompt, SerialPrompt } from './SerialPrompt.js';
import { useItemScan, type ScanDraft } from './use-item-scan.js';

interface Props {
  detail: InboundDetail;
  feedback: Feedback | null;
  show(feedback: Feedback | null): void;
  onAnswer(answer: ScanAnswer, draft: ScanDraft): void;
  reload(): Promise<void>;
  /** Completing answers the order's new detail. */
  onDetail(detail: InboundDetail): void;
  onCompleted(final: boolean): void;
  /** The first unit label, when the order was opened by scanning one. */
  initialUnit: string;
}

/** A box or pallet label of some inbound order (`MI…P001`; `MIC…` are not inbound orders, facts §3.4). */
const OTHER_LABEL = /^MI(?!C).*P\d{3}$/i;
const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * Counting goods in by scanning (issue 6 §3): item codes with the quantity, condition, box or pallet
 * and batch chosen around the one scan field; a label `<order>P001` switches the current unit instead.
 */
export function CountPanel({ detail, feedback, show, onAnswer, reload, onDetail, onCompleted, initialUnit }: Props) {
  const { t } = useTranslation();
  const { order, lines, scans } = detail;
  const [quantity, setQuantity] = useState<number | null>(1);
  const [damaged, setDamaged] = useState(false);
  const [unit, setUnit] = useState(initialUnit);
  const [unitKind, setUnitKind] = useState<'box' | 'pallet'>('box');
  const [batch, setBatch] = useState('');
  const [working, setWorking] = useState(false);
  const scanField = useRef<{ focus(): void }>(null);
  // The date last given per scanned code: the next box of the same lot takes it with one Enter.
  const [lastExpiry, setLastExpiry] = useState<Record<string, string>>({});
  const lineOf = (code: string) => lines.find((l) => l.sku.toUpperCase() === code.toUpperCase());
  const needs = (draft: ScanDraft) => {
    const line = lineOf(draft.code);
    if (line?.expiryTracked && !draft.expiry) return 'expiry' as const;
    if (line?.serialRequired && draft.serials.length === 0) return 'serials' as const;
    return null;
  };
  const items = useItemScan({ orderId: order.id, onAnswer, show, needs });
  const unitLabel = new RegExp(`^${escape(order.unid)}P\\d{3}$`, 'i');

  const onScan = (code: string) => {
    if (unitLabel.test(code)) {
      setUnit(code.toUpperCase());
      return show({ tone: 'success', text: t('receiving.unitSet', { unit: code.toUpperCase() }) });
    }
    if (code.toUpperCase() === order.unid.toUpperCase()) return show({ tone: 'info', text: t('receiving.sameOrder', { unid: order.unid }) });
    if (OTHER_LABEL.test(code)) return show({ tone: 'warning', text: t('receiving.otherOrder', { code }) });
    const draft: ScanDraft = {
      code,
      quantity: quantity ?? 1,
      unit,
      unitKind,
      condition: damaged ? 'damaged' : 'valid',
      batch,
      serials: [],
      expiry: null,
      confirm: false,
    };
    // A typed quantity and the damaged switch belong to the scan they were set for; carried over they
    // would silently mis-book the next item. Unit and batch hold for the whole box.
    setQuantity(1);
    setDamaged(false);
    const next = needs(draft);
    if (next) return items.ask(next, draft);
    items.send(draft);
  };

  const undo = async (scan: ScanRecord) => {
    setWorking(true);
    try {
      await receivingApi.undo(order.id, scan.id);
      await reload();
      show({ tone: 'info', text: t('receiving.undone', { count: scan.quantity, sku: scan.sku }) });
    } catch (err) {
      show({ tone: 'error', text: errorText(err) });
    } finally {
      setWorking(false);
    }
  };

  const complete = (final: boolean) =>
    notify((n) =>
      n.confirm({
        title: t(final ? 'receiving.completeTitle' : 'receiving.partialTitle'),
        content: t(final ? 'receiving.completeText' : 'receiving.partialText'),
        okText: t(final ? 'receiving.complete' : 'receiving.partial'),
        cancelText: t('receiving.cancel'),
        onOk: async () => {
          setWorking(true);
          try {
            onDetail(await receivingApi.complete(order.id, final, newKey()));
            show({ tone: 'success', text: t(final ? 'receiving.completed' : 'receiving.partiallyDone') });
            onCompleted(final);
          } catch (err) {
            show({ tone: 'error', text: errorText(err) });
          } finally {
            setWorking(false);
          }
        },
      }),
    );

  const prompt = items.prompt;
  return (
    <div className="rcv-count" data-testid="count-panel">
      <ScanInput placeholder={t('receiving.scanItem')} onScan={onScan} paused={!!prompt} testId="receiving-item-scan" ref={scanField} />
      <FeedbackBanner feedback={feedback} testId="receiving-feedback" />
      <div className="rcv-controls">
        <label className="rcv-control">
          <span>{t('receiving.quantity')}</span>
          <InputNumber
            size="large"
            min={1}
            max={100000}
            precision={0}
            value={quantity}
            onChange={setQuantity}
            onPressEnter={() => scanField.current?.focus()}
            data-testid="scan-quantity"
          />
        </label>
        <label className="rcv-control">
          <span>{t('receiving.damaged')}</span>
          <Switch checked={damaged} onChange={setDamaged} className={damaged ? 'rcv-damaged-on' : ''} data-testid="scan-damaged" />
        </label>
        <div className="rcv-control">
          <span>{t('receiving.unit')}</span>
          <div className="rcv-unit">
            <Segmented
              value={unitKind}
              onChange={(v) => setUnitKind(v as 'box' | 'pallet')}
              options={[
                { value: 'box', label: t('receiving.box') },
                { value: 'pallet', label: t('receiving.pallet') },
              ]}
            />
            {unit ? (
              <Tag color="blue" className="rcv-unit-tag" data-testid="current-unit">
                {unit}
                <CloseOutlined onClick={() => setUnit('')} aria-label={t('receiving.clearUnit')} />
              </Tag>
            ) : (
              <span className="rcv-unit-none">{t('receiving.noUnit')}</span>
            )}
          </div>
        </div>
        <label className="rcv-control">
          <span>{t('receiving.batch')}</span>
          <Input
            size="large"
            allowClear
            value={batch}
            onChange={(e) => setBatch(e.target.value.trim())}
            onPressEnter={() => scanField.current?.focus()}
            data-testid="scan-batch"
          />
        </label>
      </div>
      <RecentScans scans={scans} onUndo={(s) => void undo(s)} busy={working || items.busy} />
      <div className="rcv-finish">
        <Button size="large" disabled={working || items.busy} onClick={() => complete(false)} data-testid="finish-partially">
          {t('receiving.partial')}
        </Button>
        <Button size="large" type="primary" disabled={working || items.busy} onClick={() => complete(true)} data-testid="complete-receiving">
          {t('receiving.complete')}
        </Button>
      </div>
      {prompt?.kind === 'serials' && (
        <SerialPrompt
          code={prompt.draft.code}
          quantity={prompt.draft.quantity}
          onDone={(serials) => items.resolvePrompt({ serials })}
          onCancel={() => items.resolvePrompt(null)}
        />
      )}
      {prompt?.kind === 'expiry' && (
        <ExpiryPrompt
          code={prompt.draft.code}
          initial={lastExpiry[prompt.draft.code.toUpperCase()] ?? ''}
          onDone={(expiry) => {
            setLastExpiry((last) => ({ ...last, [prompt.draft.code.toUpperCase()]: expiry }));
            items.resolvePrompt({ expiry });
          }}
          onCancel={() => items.resolvePrompt(null)}
        />
      )}
      {prompt?.kind === 'batch' && (
        <BatchPrompt
          code={prompt.draft.code}
          onDone={(value) => {
            setBatch(value);
            items.resolvePrompt({ batch: value });
          }}
          onCancel={() => items.resolvePrompt(null)}
        />
      )}
    </div>
  );
}
