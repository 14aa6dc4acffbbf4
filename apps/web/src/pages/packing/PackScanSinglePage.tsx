import { OUTBOUND_ORDER } from '@kontor/contracts/status/outbound';
import { Card, Empty, InputNumber, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../api/errors.js';
import { newKey } from '../../api/idempotency-key.js';
import { StateTag } from '../../components/StateTag.js';
import { DocNo } from '../../components/DocNo.js';
import { FeedbackBanner } from '../../components/scan/FeedbackBanner.js';
import { ScanInput } from '../../components/scan/ScanInput.js';
import { useFeedback } from '../../components/scan/use-feedback.js';
import { firstTracking, openLabel, useLabelFeedback } from '../../components/scan/use-label-feedback.js';
import { packingApi, type SingleScan } from './packing-api.js';
import { PackStationControls, usePackStation } from './PackStationControls.js';
import '../../components/scan/scan-station.css';
import './packing.css';

const WAITING = OUTBOUND_ORDER.codes('packetWeightNeeded', 'packetDimensionNeeded');

interface Packed {
  orderId: number;
  unid: string;
  status: number;
  tracking: string;
  labelUrl: string | null;
}

/**
 * `/wEP/packScanSingle` (issue 18 item 5, docs/packing.md): single-item orders without a picklist. A
 * scan packs the item's oldest ready order of one unit (the pack flow books the unit and the material),
 * then the label is bought and printed on the packer's print station; without one online the PDF is
 * offered. A weight far from the expected one asks for a confirmation first.
 */
export default function PackScanSinglePage() {
  const { t } = useTranslation();
  const station = usePackStation('packSingle');
  const [weight, setWeight] = useState<number | null>(null);
  const [busy, setBusy] = useState(false);
  const [recent, setRecent] = useState<Packed[]>([]);
  const [feedback, show] = useFeedback();
  const labelled = useLabelFeedback(show, { texts: 'packing.single', printed: 'labelled', testId: 'pack-single-open-label' });

  const pack = async (body: SingleScan) => {
    setBusy(true);
    try {
      const packed = await packingApi.scanSingle(body, newKey());
      let entry: Packed = { orderId: packed.orderId, unid: packed.unid, status: packed.status, tracking: '', labelUrl: null };
      if (WAITING.includes(packed.status)) show({ tone: 'warning', text: t('packing.single.waitsMeasure', { unid: packed.unid }) });
      else {
        const label = await packingApi.label(packed.orderId);
        entry = { ...entry, status: label.status, tracking: firstTracking(label), labelUrl: label.labelUrl };
        labelled(packed.unid, label);
      }
      setRecent((rows) => [entry, ...rows.filter((r) => r.orderId !== entry.orderId)].slice(0, 10));
      setWeight(null);
    } catch (err) {
      if (err instanceof ApiError && err.code === 'CheckWeight')
        show({
          tone: 'warning',
          text: err.message,
          action: { label: t('packing.single.confirmWeight'), run: () => void pack({ ...body, confirmWeight: true }), testId: 'pack-single-confirm-weight' },
        });
      else show({ tone: 'error', text: err instanceof Error ? err.message : String(err) });
    } finally {
      setBusy(false);
    }
  };

  const onScan = (code: string) => void pack({ code, station: station.name.trim(), weight, materials: station.materialLines, confirmWeight: false });

  return (
    <div className="rcv-log" data-testid="pack-single">
      <Card size="small" className="rcv-card">
        <Typography.Title level={4}>{t('packing.single.title')}</Typography.Title>
        <Typography.Paragraph type="secondary">{t('packing.single.hint')}</Typography.Paragraph>
        <ScanInput placeholder={t('packing.single.scan')} onScan={onScan} disabled={busy} testId="pack-single-input" />
        <PackStationControls pack={station} testIdPrefix="pack-single">
          <label className="rcv-control">
            {t('packing.single.weight')}
            <InputNumber min={0.001} max={1000} step={0.01} value={weight} onChange={(v) => setWeight(v ?? null)} data-testid="pack-single-weight" />
          </label>
        </PackStationControls>
        <FeedbackBanner feedback={feedback} testId="pack-single-feedback" />
      </Card>
      <Card size="small" className="rcv-card" title={t('packing.single.last')}>
        {recent.length === 0 ? (
          <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('packing.single.none')} />
        ) : (
          <ul className="pack-recent" data-testid="pack-single-recent">
            {recent.map((r) => (
              <li key={r.orderId}>
                <DocNo>{r.unid}</DocNo>
                <StateTag machine={OUTBOUND_ORDER} code={r.status} />
                {r.labelUrl ? (
                  <Typography.Link onClick={() => openLabel(r.labelUrl!)}>{r.tracking || t('packing.single.openLabel')}</Typography.Link>
                ) : (
                  <Typography.Text type="secondary">{r.tracking}</Typography.Text>
                )}
              </li>
            ))}
          </ul>
        )}
      </Card>
    </div>
  );
}
