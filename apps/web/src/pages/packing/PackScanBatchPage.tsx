import { OUTBOUND_ORDER } from '@kontor/contracts/status/outbound';
import { useQuery } from '@tanstack/react-query';
import { Button, Card, Empty, Progress, Tag, Typography } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { newKey } from '../../api/idempotency-key.js';
import { invalidateDomains, queryClient, recordKey } from '../../api/query-client.js';
import { DocNo } from '../../components/DocNo.js';
import { StateTag } from '../../components/StateTag.js';
import { FeedbackBanner } from '../../components/scan/FeedbackBanner.js';
import { ScanInput } from '../../components/scan/ScanInput.js';
import { useFeedback } from '../../components/scan/use-feedback.js';
import { useLabelFeedback } from '../../components/scan/use-label-feedback.js';
import { packingApi, type PackBatchState } from './packing-api.js';
import { PackStationControls, usePackStation } from './PackStationControls.js';
import '../../components/scan/scan-station.css';
import './packing.css';

/** The picklist on the table is kept on this device, as the station's name and material are (a reload carries on). */
const PICKLIST_KEY = 'kontor.packBatch.picklist';
const PICKLIST_CODE = /^PL\d+$/i;

const tableKey = (id: number | null) => recordKey('pack-table', id);

/**
 * `/wEP/packScanBatch` (issue 18 item 5, docs/packing.md "Batch table"): a type-1 picklist picked in
 * bulk is sorted into its orders at a table. Scan the picklist, then each unit: the server gives it to
 * the first open order that needs it and keeps the count (a reload or another table carries on); a
 * complete order is packed there and then, and its label is bought and printed here.
 */
export default function PackScanBatchPage() {
  const { t } = useTranslation();
  const [picklistId, setPicklistId] = useState<number | null>(() => Number(localStorage.getItem(PICKLIST_KEY)) || null);
  const station = usePackStation('packBatch');
  const [busy, setBusy] = useState(false);
  const [last, setLast] = useState<number | null>(null);
  const [feedback, show] = useFeedback();
  const labelled = useLabelFeedback(show, { texts: 'packing.batch', printed: 'labelled', testId: 'pack-batch-open-label' });

  useEffect(() => localStorage.setItem(PICKLIST_KEY, picklistId ? String(picklistId) : ''), [picklistId]);

  const table = useQuery({
    queryKey: tableKey(picklistId),
    queryFn: () => packingApi.table(picklistId!),
    enabled: picklistId !== null,
    retry: false,
  });
  const state = table.data ?? null;

  const loadPicklist = async (code: string) => {
    const found = await packingApi.findPicklist(code);
    const loaded = await packingApi.table(found.id);
    queryClient.setQueryData(tableKey(found.id), loaded);
    setPicklistId(found.id);
    setLast(null);
    show({ tone: 'success', text: t('packing.batch.loaded', { unid: loaded.unid, open: loaded.orders.filter((o) => !o.finished).length }) });
  };

  const scanItem = async (id: number, code: string) => {
    const result = await packingApi.tableScan(id, { code, station: station.name.trim(), materials: station.materialLines }, newKey());
    queryClient.setQueryData(tableKey(id), result.state);
    setLast(result.orderId);
    const line = result.state.orders.find((o) => o.id === result.orderId)?.lines.find((l) => l.sku === result.sku);
    if (!result.complete) {
      show({
        tone: 'success',
        text: t('packing.batch.assigned', { sku: result.sku, unid: result.unid, scanned: line?.scanned ?? 0, total: line?.quantity ?? 0 }),
      });
      return;
    }
    show({ tone: 'success', text: t('packing.batch.complete', { unid: result.unid }) });
    const label = await packingApi.label(result.orderId);
    labelled(result.unid, label);
    await invalidateDomains('pack-table', 'packing-log', 'outbound-orders', 'picklists');
  };

  const onScan = (code: string) => {
    if (busy) return show({ tone: 'warning', text: t('packing.batch.busy') });
    setBusy(true);
    const work = picklistId === null || state === null || PICKLIST_CODE.test(code) ? loadPicklist(code) : scanItem(picklistId, code);
    void work.catch((err: unknown) => show({ tone: 'error', text: err instanceof Error ? err.message : String(err) })).finally(() => setBusy(false));
  };

  return (
    <div className="rcv-log" data-testid="pack-batch">
      <Card size="small" className="rcv-card">
        <Typography.Title level={4}>{t('packing.batch.title')}</Typography.Title>
        <Typography.Paragraph type="secondary">{t('packing.batch.hint')}</Typography.Paragraph>
        <ScanInput
          placeholder={state ? t('packing.batch.scanItem') : t('packing.batch.scanPicklist')}
          onScan={onScan}
          disabled={busy}
          testId="pack-batch-input"
        />
        <PackStationControls pack={station} testIdPrefix="pack-batch" />
        <FeedbackBanner feedback={feedback} testId="pack-batch-feedback" />
      </Card>
      {state ? (
        <TableCard state={state} last={last} onChange={() => setPicklistId(null)} />
      ) : (
        <Card size="small" className="rcv-card">
          {/* A picklist kept on this device that cannot be read any more (finished elsewhere, canceled): its reason, then a new scan. */}
          {table.error && <Typography.Paragraph type="danger">{table.error.message}</Typography.Paragraph>}
          <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('packing.batch.empty')} />
        </Card>
      )}
    </div>
  );
}

function TableCard({ state, last, onChange }: { state: PackBatchState; last: number | null; onChange(): void }) {
  const { t } = useTranslation();
  const allDone = state.orders.every((o) => o.finished || o.packed);
  return (
    <Card
      size="small"
      className="rcv-card"
      title={
        <span className="pack-batch-head">
          <DocNo>{state.unid}</DocNo>
          <Typography.Text type="secondary" data-testid="pack-batch-progress">
            {t('packing.batch.progress', { picked: state.itemQtyPicked, total: state.itemQty })}
          </Typography.Text>
        </span>
      }
      extra={
        <Button size="small" onClick={onChange} data-testid="pack-batch-change">
          {t('packing.batch.change')}
        </Button>
      }
    >
      <Progress percent={state.itemQty ? Math.round((state.itemQtyPicked / state.itemQty) * 100) : 0} size="small" />
      {allDone && <Typography.Paragraph type="success">{t('packing.batch.done', { unid: state.unid })}</Typography.Paragraph>}
      <ul className="pack-batch-orders" data-testid="pack-batch-orders">
        {state.orders.map((o) => {
          const scanned = o.lines.reduce((sum, l) => sum + Math.min(l.scanned, l.quantity), 0);
          const total = o.lines.reduce((sum, l) => sum + l.quantity, 0);
          return (
            <li key={o.id} className={o.id === last ? 'pack-batch-last' : undefined} data-testid={`pack-batch-order-${o.unid}`}>
              <div className="pack-batch-order-head">
                <DocNo>{o.unid}</DocNo>
                <StateTag machine={OUTBOUND_ORDER} code={o.status} />
                <Tag color={o.packed ? 'success' : o.finished ? 'default' : 'processing'}>
                  {o.packed ? t('packing.batch.packed') : o.finished ? t('packing.batch.finished') : t('packing.batch.open')}
                </Tag>
                <Typography.Text type="secondary">{t('packing.batch.units', { scanned: o.packed ? total : scanned, total })}</Typography.Text>
              </div>
              <div className="pack-batch-lines">
                {o.lines.map((l) => (
                  <Tag key={l.itemId} color={o.packed || l.scanned >= l.quantity ? 'green' : l.scanned > 0 ? 'gold' : undefined}>
                    {l.sku} {o.packed ? l.quantity : Math.min(l.scanned, l.quantity)}/{l.quantity}
                  </Tag>
                ))}
              </div>
            </li>
          );
        })}
      </ul>
    </Card>
  );
}
