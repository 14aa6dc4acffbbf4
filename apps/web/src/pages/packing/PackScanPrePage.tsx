import { useQuery } from '@tanstack/react-query';
import { Button, Card, Empty, Input, InputNumber, Spin, Tag, Typography } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { newKey } from '../../api/idempotency-key.js';
import { invalidateDomains, listKey } from '../../api/query-client.js';
import { staticUrl } from '../../api/static-url.js';
import { MaterialSelect } from './MaterialSelect.js';
import { FeedbackBanner } from '../../components/scan/FeedbackBanner.js';
import { ScanInput } from '../../components/scan/ScanInput.js';
import { useFeedback } from '../../components/scan/use-feedback.js';
import { packingApi, type MaterialOption, type PackLabel, type PrepackAssignResult, type PrepackKey } from './packing-api.js';
import '../../components/scan/scan-station.css';
import './packing.css';

const STATION_KEY = 'kontor.packPre.station';
const MATERIAL_KEY = 'kontor.packPre.material';

/**
 * `/wEP/PackScanPre` (issue 18 item 5, docs/packing.md "Pre-packing"): identical ready orders grouped by
 * the composite key of their contents (spec §3). Staff pre-pack parcels of a key ahead; a scanned order
 * (or "Pack next order" on a key) takes a waiting parcel of its key, is packed through the pack flow and
 * gets its label, printed on the packer's print station.
 */
export default function PackScanPrePage() {
  const { t } = useTranslation();
  const [station, setStation] = useState(() => localStorage.getItem(STATION_KEY) ?? '');
  const [material, setMaterial] = useState<number | null>(() => Number(localStorage.getItem(MATERIAL_KEY)) || null);
  const [materials, setMaterials] = useState<MaterialOption[]>([]);
  const [counts, setCounts] = useState<Record<string, number>>({});
  const [busy, setBusy] = useState(false);
  const [feedback, show] = useFeedback();

  useEffect(() => {
    void packingApi.materials().then(setMaterials);
  }, []);
  useEffect(() => localStorage.setItem(STATION_KEY, station), [station]);
  useEffect(() => localStorage.setItem(MATERIAL_KEY, material ? String(material) : ''), [material]);

  const keys = useQuery({ queryKey: listKey('prepack-keys', {}), queryFn: packingApi.prepackKeys });
  const openLabel = (url: string) => window.open(staticUrl(url), '_blank', 'noopener');
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

  const labelled = (result: PrepackAssignResult, label: PackLabel) => {
    const unid = result.unid;
    const tracking = label.shipBundle.split('\n')[0] ?? '';
    if (!label.complete) {
      const reason = label.errorCode ? t(`error.${label.errorCode}`, { defaultValue: label.errorCode }) : '';
      return show({ tone: 'warning', text: t('packing.pre.labelMissing', { unid, reason }) });
    }
    if (label.printed) return show({ tone: 'success', text: t('packing.pre.labelled', { unid, tracking }) });
    const url = label.labelUrl;
    show({
      tone: 'success',
      text: t('packing.pre.labelReady', { unid, tracking }),
      ...(url ? { action: { label: t('packing.pre.openLabel'), run: () => openLabel(url), testId: 'pack-pre-open-label' } } : {}),
    });
  };

  const assign = (body: { order?: string; key?: string; merchantId?: number }) =>
    run(async () => {
      const result = await packingApi.prepackAssign({ ...body, station: station.trim() }, newKey());
      labelled(result, await packingApi.label(result.orderId));
      await invalidateDomains('packing-log', 'outbound-orders');
    });

  const prepack = (k: PrepackKey) =>
    run(async () => {
      const count = counts[groupId(k)] ?? 1;
      const body = { key: k.key, merchantId: k.merchantId, count, station: station.trim(), materials: material ? [{ itemId: material, quantity: 1 }] : [] };
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
        <div className="rcv-controls">
          <label className="rcv-control pack-station">
            {t('packing.single.station')}
            <Input value={station} maxLength={64} onChange={(e) => setStation(e.target.value)} data-testid="pack-pre-station" />
          </label>
          <MaterialSelect materials={materials} value={material} onChange={setMaterial} testId="pack-pre-material" />
        </div>
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
