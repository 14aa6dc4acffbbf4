import { OUTBOUND_ORDER } from '@kontor/contracts/status/outbound';
import { Card, Empty, Input, InputNumber, Typography } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../api/errors.js';
import { newKey } from '../../api/idempotency-key.js';
import { staticUrl } from '../../api/static-url.js';
import { StateTag } from '../../components/StateTag.js';
import { DocNo } from '../../components/DocNo.js';
import { MaterialSelect } from './MaterialSelect.js';
import { FeedbackBanner } from '../../components/scan/FeedbackBanner.js';
import { ScanInput } from '../../components/scan/ScanInput.js';
import { useFeedback } from '../../components/scan/use-feedback.js';
import { packingApi, type MaterialOption, type PackLabel, type SingleScan } from './packing-api.js';
import '../../components/scan/scan-station.css';
import './packing.css';

/** The station's name and material are the packer's, kept on this device between sessions. */
const STATION_KEY = 'kontor.packSingle.station';
const MATERIAL_KEY = 'kontor.packSingle.material';
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
  const [station, setStation] = useState(() => localStorage.getItem(STATION_KEY) ?? '');
  const [material, setMaterial] = useState<number | null>(() => Number(localStorage.getItem(MATERIAL_KEY)) || null);
  const [weight, setWeight] = useState<number | null>(null);
  const [materials, setMaterials] = useState<MaterialOption[]>([]);
  const [busy, setBusy] = useState(false);
  const [recent, setRecent] = useState<Packed[]>([]);
  const [feedback, show] = useFeedback();

  useEffect(() => {
    void packingApi.materials().then(setMaterials);
  }, []);
  useEffect(() => localStorage.setItem(STATION_KEY, station), [station]);
  useEffect(() => localStorage.setItem(MATERIAL_KEY, material ? String(material) : ''), [material]);

  const openLabel = (url: string) => window.open(staticUrl(url), '_blank', 'noopener');

  const labelled = (unid: string, label: PackLabel) => {
    const tracking = label.shipBundle.split('\n')[0] ?? '';
    if (!label.complete) {
      const reason = label.errorCode ? t(`error.${label.errorCode}`, { defaultValue: label.errorCode }) : '';
      return show({ tone: 'warning', text: t('packing.single.labelMissing', { unid, reason }) });
    }
    if (label.printed) return show({ tone: 'success', text: t('packing.single.labelled', { unid, tracking }) });
    const url = label.labelUrl;
    show({
      tone: 'success',
      text: t('packing.single.labelReady', { unid, tracking }),
      ...(url ? { action: { label: t('packing.single.openLabel'), run: () => openLabel(url), testId: 'pack-single-open-label' } } : {}),
    });
  };

  const pack = async (body: SingleScan) => {
    setBusy(true);
    try {
      const packed = await packingApi.scanSingle(body, newKey());
      let entry: Packed = { orderId: packed.orderId, unid: packed.unid, status: packed.status, tracking: '', labelUrl: null };
      if (WAITING.includes(packed.status)) show({ tone: 'warning', text: t('packing.single.waitsMeasure', { unid: packed.unid }) });
      else {
        const label = await packingApi.label(packed.orderId);
        entry = { ...entry, status: label.status, tracking: label.shipBundle.split('\n')[0] ?? '', labelUrl: label.labelUrl };
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

  const onScan = (code: string) =>
    void pack({ code, station: station.trim(), weight, materials: material ? [{ itemId: material, quantity: 1 }] : [], confirmWeight: false });

  return (
    <div className="rcv-log" data-testid="pack-single">
      <Card size="small" className="rcv-card">
        <Typography.Title level={4}>{t('packing.single.title')}</Typography.Title>
        <Typography.Paragraph type="secondary">{t('packing.single.hint')}</Typography.Paragraph>
        <ScanInput placeholder={t('packing.single.scan')} onScan={onScan} disabled={busy} testId="pack-single-input" />
        <div className="rcv-controls">
          <label className="rcv-control pack-station">
            {t('packing.single.station')}
            <Input value={station} maxLength={64} onChange={(e) => setStation(e.target.value)} data-testid="pack-single-station" />
          </label>
          <label className="rcv-control">
            {t('packing.single.weight')}
            <InputNumber min={0.001} max={1000} step={0.01} value={weight} onChange={(v) => setWeight(v ?? null)} data-testid="pack-single-weight" />
          </label>
          <MaterialSelect materials={materials} value={material} onChange={setMaterial} testId="pack-single-material" />
        </div>
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
