import { useQuery } from '@tanstack/react-query';
import { Button, Card, Empty, InputNumber, Spin, Tag, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { newKey } from '../../api/idempotency-key.js';
import { invalidateDomains, listKey } from '../../api/query-client.js';
import { FeedbackBanner } from '../../components/scan/FeedbackBanner.js';
import { ScanInput } from '../../components/scan/ScanInput.js';
import { useFeedback } from '../../components/scan/use-feedback.js';
import { useLabelFeedback } from '../../components/scan/use-label-feedback.js';
import { packingApi, type PrepackKey } from './packing-api.js';
import { PackStationControls, usePackStation } from './PackStationControls.js';
import '../../components/scan/scan-station.css';
import './packing.css';

/**
 * `/wEP/PackScanPre` (issue 18 item 5, docs/packing.md "Pre-packing"): identical ready orders grouped by
 * the composite key of their contents (spec §3). Staff pre-pack parcels of a key ahead; a scanned order
 * (or "Pack next order" on a key) takes a waiting parcel of its key, is packed through the pack flow and
 * gets its label, printed on the packer's print station.
 */
export default function PackScanPrePage() {
  const { t } = useTranslation();
  const station = usePackStation('packPre');
  const [counts, setCounts] = useState<Record<string, number>>({});
  const [busy, setBusy] = useState(false);
  const [feedback, show] = useFeedback();
  const labelled = useLabelFeedback(show, { texts: 'packing.pre', printed: 'labelled', testId: 'pack-pre-open-label' });

  const keys = useQuery({ queryKey: listKey('prepack-keys', {}), queryFn: packingApi.prepackKeys });
  const groupId = (k: PrepackKey) => `${k.merchantId}:${k.key}`;

  const run = (work: () => Promise<void>) => {
    setBusy(true);
    void work()
      .catch((err: unknown) => show({ tone: 'error', text: err instanceof Error ? err.message : String(err) }))
      .finally(() => {
        setBusy(false);
        void invalidateDomains('prepack-keys');
      });
  };

  const assign = (body: { order?: string; key?: string; merchantId?: number }) =>
    run(async () => {
      const result = await packingApi.prepackAssign({ ...body, station: station.name.trim() }, newKey());
      labelled(result.unid, await packingApi.label(result.orderId));
      await invalidateDomains('packing-log', 'outbound-orders');
    });

  const prepack = (k: PrepackKey) =>
    run(async () => {
      const count = counts[groupId(k)] ?? 1;
      const body = { key: k.key, merchantId: k.merchantId, count, station: station.name.trim(), materials: station.materialLines };
      await packingApi.prepack(body, newKey());
      setCounts(({ [groupId(k)]: _done, ...rest }) => rest);
      show({ tone: 'success', text: t('packing.pre.prepackedDone', { count, key: k.key }) });
    });

  const list = keys.data ?? [];
  return (
    <div className="rcv-log" data-testid="pack-pre">
      <Card size="small" className="rcv-card">
        <Typography.Title level={4}>{t('packing.pre.title')}</Typography.Title>
        <Typography.Paragraph type="secondary">{t('packing.pre.hint')}</Typography.Paragraph>
        <ScanInput placeholder={t('packing.pre.scanOrder')} onScan={(code) => assign({ order: code })} disabled={busy} testId="pack-pre-input" />
        <PackStationControls pack={station} testIdPrefix="pack-pre" />
        <FeedbackBanner feedback={feedback} testId="pack-pre-feedback" />
      </Card>
      <Card
        size="small"
        className="rcv-card"
        title={t('packing.pre.keys')}
        extra={
          <Button size="small" onClick={() => void invalidateDomains('prepack-keys')} data-testid="pack-pre-refresh">
            {t('packing.pre.refresh')}
          </Button>
        }
      >
        {keys.isPending ? (
          <Spin />
        ) : list.length === 0 ? (
          <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('packing.pre.none')} />
        ) : (
          <ul className="prepack-keys" data-testid="pack-pre-keys">
            {list.map((k) => (
              <li key={groupId(k)} data-testid={`pack-pre-key-${k.key}`}>
                <div className="prepack-key-contents">
                  {k.lines.map((l) => (
                    <Tag key={l.sku}>
                      {l.sku} × {l.qty}
                    </Tag>
                  ))}
                  <Tag color="blue">{k.country}</Tag>
                  <Typography.Text type="secondary">{k.merchantName}</Typography.Text>
                </div>
                <div className="prepack-key-actions">
                  <Typography.Text data-testid="pack-pre-ready">
                    {t('packing.pre.ready')}: <strong>{k.orders}</strong>
                  </Typography.Text>
                  <Typography.Text data-testid="pack-pre-prepacked">
                    {t('packing.pre.prepacked')}: <strong>{k.prepacked}</strong>
                  </Typography.Text>
                  <InputNumber
                    min={1}
                    max={Math.max(1, k.orders - k.prepacked)}
                    value={counts[groupId(k)] ?? 1}
                    onChange={(v) => setCounts((c) => ({ ...c, [groupId(k)]: v ?? 1 }))}
                    disabled={k.orders <= k.prepacked}
                    aria-label={t('packing.pre.count')}
                    data-testid="pack-pre-count"
                  />
                  <Button onClick={() => prepack(k)} disabled={busy || k.orders <= k.prepacked} data-testid="pack-pre-prepack">
                    {t('packing.pre.prepack')}
                  </Button>
                  <Button
                    type="primary"
                    onClick={() => assign({ key: k.key, merchantId: k.merchantId })}
                    disabled={busy || k.prepacked === 0}
                    data-testid="pack-pre-next"
                  >
                    {t('packing.pre.packNext')}
                  </Button>
                </div>
              </li>
            ))}
          </ul>
        )}
      </Card>
    </div>
  );
}
