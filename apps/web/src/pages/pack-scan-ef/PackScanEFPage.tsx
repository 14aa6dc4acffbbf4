import { OUTBOUND_ORDER } from '@kontor/contracts/status/outbound';
import { Alert, Button, Card, Checkbox, Input, Select, Space, Tabs, Tag, Typography } from 'antd';
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
import { useCan } from '../../masks/can.js';
import { MerchantRulesEditor } from './MerchantRulesEditor.js';
import { packEfApi, type MaterialOption, type PackEfOrder } from './pack-ef-api.js';
import { classify, readiness, type Captured } from './pack-ef-logic.js';
import '../../components/scan/scan-station.css';
import './pack-scan-ef.css';

const STATION_KEY = 'kontor.packScanEF.station';
const MATERIAL_KEY = 'kontor.packScanEF.material';
const WAITING = OUTBOUND_ORDER.codes('packetWeightNeeded', 'packetDimensionNeeded');

const message = (err: unknown) => (err instanceof Error ? err.message : String(err));

/**
 * `/wEP/PackScanEF` (issue 18 item 5, docs/packing.md "Merchant rules"): a packing desk that follows the
 * rules of the order's merchant. Scan the order: the station loads its merchant's rules (serials per
 * unit, accessories to scan, weighing, a packing note). Then every scan is an accessory or the next
 * unit's serial; the parcel is weighed and measured; Pack & print packs the order through the pack flow
 * (the server checks the same rules again) and prints its label.
 */
export default function PackScanEFPage() {
  const { t } = useTranslation();
  const canEditRules = useCan()('sys.merchant.edit');
  const [order, setOrder] = useState<PackEfOrder | null>(null);
  const [captured, setCaptured] = useState<Captured>({});
  const [ticked, setTicked] = useState<string[]>([]);
  const [measure, setMeasure] = useState<Measure>(NO_MEASURE);
  const [materials, setMaterials] = useState<MaterialOption[]>([]);
  const [material, setMaterial] = useState<number | null>(() => Number(localStorage.getItem(MATERIAL_KEY)) || null);
  const [station, setStation] = useState(() => localStorage.getItem(STATION_KEY) ?? '');
  const [busy, setBusy] = useState(false);
  const scanField = useRef<{ focus(): void }>(null);
  const [feedback, show] = useFeedback();
  const labelled = useLabelFeedback(show, { texts: 'packScanEF', printed: 'printed', testId: 'pack-ef-open-label' });

  useEffect(() => {
    void packEfApi.materials().then(setMaterials);
  }, []);
  useEffect(() => localStorage.setItem(STATION_KEY, station), [station]);
  useEffect(() => localStorage.setItem(MATERIAL_KEY, material ? String(material) : ''), [material]);

  const reset = () => {
    setOrder(null);
    setCaptured({});
    setTicked([]);
    setMeasure(NO_MEASURE);
  };

  const open = async (code: string) => {
    setBusy(true);
    try {
      const found = await packEfApi.find(code);
      reset();
      setOrder(found);
      show({ tone: 'info', text: t('packScanEF.loaded', { unid: found.unid, merchant: found.merchantName }) });
    } catch (err) {
      show({ tone: 'error', text: message(err) });
    } finally {
      setBusy(false);
    }
  };

  const onScan = (code: string) => {
    if (!order) return void open(code);
    const scan = classify(order, captured, code);
    if (scan.kind === 'accessory') {
      if (!ticked.includes(scan.code)) setTicked([...ticked, scan.code]);
      return show({ tone: 'success', text: t('packScanEF.accessoryOk', { code: scan.code }) });
    }
    if (scan.kind === 'serial') {
      setCaptured({ ...captured, [scan.itemId]: [...(captured[scan.itemId] ?? []), scan.serial] });
      return show({ tone: 'success', text: t('packScanEF.serialOk', { serial: scan.serial }) });
    }
    // Nothing due here: a scan of another order's number opens that one instead.
    if (scan.reason === 'nothingDue') return void open(code);
    show({ tone: 'error', text: t(`packScanEF.${scan.reason}`, { code, sku: scan.sku ?? '' }) });
  };

  const pack = async (current: PackEfOrder, confirmWeight = false) => {
    setBusy(true);
    try {
      const body = {
        station: station.trim(),
        parcels: [{ ...parcelOf(measure), materials: material ? [{ itemId: material, quantity: 1 }] : [] }],
        confirmWeight,
        serials: Object.entries(captured).flatMap(([itemId, list]) => list.map((serial) => ({ itemId: Number(itemId), serial }))),
        accessories: ticked,
      };
      const packed = await packEfApi.pack(current.orderId, body, newKey());
      if (WAITING.includes(packed.status)) {
        setOrder({ ...current, status: packed.status });
        return show({ tone: 'warning', text: t('packScanEF.waitsMeasure', { unid: current.unid }) });
      }
      const label = await packEfApi.label(current.orderId);
      reset();
      labelled(current.unid, label);
    } catch (err) {
      if (err instanceof ApiError && err.code === 'CheckWeight')
        show({
          tone: 'warning',
          text: err.message,
          action: { label: t('packScanEF.confirmWeight'), run: () => void pack(current, true), testId: 'pack-ef-confirm-weight' },
        });
      else show({ tone: 'error', text: message(err) });
    } finally {
      setBusy(false);
      scanField.current?.focus();
    }
  };

  const parcel = parcelOf(measure);
  const ready = order ? readiness(order, captured, ticked, measure.weight, parcel.dimensions !== null) : null;
  const placeholder = order ? t('packScanEF.scanSerialOrAccessory') : t('packScanEF.scanOrder');

  const stationView = (
    <div className="rcv-log" data-testid="pack-ef">
      <Card size="small" className="rcv-card">
        <Typography.Title level={4}>{t('packScanEF.title')}</Typography.Title>
        <Typography.Paragraph type="secondary">{t('packScanEF.hint')}</Typography.Paragraph>
        <ScanInput ref={scanField} placeholder={placeholder} onScan={onScan} disabled={busy} testId="pack-ef-input" />
        <div className="rcv-controls">
          <label className="rcv-control pef-station">
            {t('packScanEF.station')}
            <Input value={station} maxLength={64} onChange={(e) => setStation(e.target.value)} data-testid="pack-ef-station" />
          </label>
          <label className="rcv-control pef-material">
            {t('packScanEF.material')}
            <Select
              allowClear
              showSearch
              optionFilterProp="label"
              placeholder={t('packScanEF.materialNone')}
              value={material ?? undefined}
              onChange={(v?: number) => setMaterial(v ?? null)}
              options={materials.map((m) => ({ value: m.id, label: `${m.unid} · ${m.name}` }))}
              data-testid="pack-ef-material"
            />
          </label>
          <div className="rcv-control pef-parcel">
            {t('packScanEF.parcel')}
            <ParcelMeasure
              value={measure}
              onChange={setMeasure}
              onDone={() => scanField.current?.focus()}
              weightNeeded={order?.weightNeeded}
              dimensionsNeeded={order?.dimensionsNeeded}
              disabled={busy}
              testId="pack-ef-measure"
            />
          </div>
        </div>
        <FeedbackBanner feedback={feedback} testId="pack-ef-feedback" />
      </Card>
      {order && (
        <Card size="small" className="rcv-card" data-testid="pack-ef-order">
          <div className="pef-head">
            <DocNo>{order.unid}</DocNo>
            <StateTag machine={OUTBOUND_ORDER} code={order.status} />
            {order.refOrderId && <Tag>{t('packScanEF.ref', { ref: order.refOrderId })}</Tag>}
            <Tag color="blue" data-testid="pack-ef-merchant">
              {order.merchantName}
            </Tag>
            {order.carrier && <Tag>{order.carrier}</Tag>}
            <Typography.Text type="secondary">{t('packScanEF.itemsWeight', { kg: order.itemsWeightKg })}</Typography.Text>
          </div>
          {order.rules.note && <Alert type="info" showIcon title={order.rules.note} className="pef-note" data-testid="pack-ef-note" />}
          <Typography.Text strong>{t('packScanEF.lines')}</Typography.Text>
          <ul className="pef-lines" data-testid="pack-ef-lines">
            {order.lines.map((line) => {
              const serials = [...line.serials, ...(captured[line.itemId] ?? [])];
              return (
                <li key={line.itemId}>
                  <div className="pef-line-head">
                    <span className="pef-sku">{line.sku}</span>
                    <span>× {line.quantity}</span>
                    {line.serialsNeeded > 0 && (
                      <Tag color={serials.length >= line.serialsNeeded ? 'green' : 'orange'} data-testid="pack-ef-serial-count">
                        {t('packScanEF.serials', { n: Math.min(serials.length, line.serialsNeeded), total: line.serialsNeeded })}
                      </Tag>
                    )}
                  </div>
                  {serials.length > 0 && (
                    <Space wrap size={4}>
                      {serials.map((s) => (
                        <Tag key={s}>{s}</Tag>
                      ))}
                    </Space>
                  )}
                </li>
              );
            })}
          </ul>
          {order.rules.accessories.length > 0 && (
            <>
              <Typography.Text strong>{t('packScanEF.accessories')}</Typography.Text>
              <ul className="pef-accessories" data-testid="pack-ef-accessories">
                {order.rules.accessories.map((a) => (
                  <li key={a.code} data-testid="pack-ef-accessory">
                    <Checkbox
                      checked={ticked.includes(a.code)}
                      onChange={(e) => setTicked(e.target.checked ? [...ticked, a.code] : ticked.filter((c) => c !== a.code))}
                    >
                      {a.name ? `${a.code} · ${a.name}` : a.code}
                    </Checkbox>
                  </li>
                ))}
              </ul>
            </>
          )}
          <Space wrap className="pef-actions">
            <Button type="primary" size="large" disabled={busy || ready !== 'ready'} onClick={() => void pack(order)} data-testid="pack-ef-pack">
              {t('packScanEF.pack')}
            </Button>
            {ready !== 'ready' && <Typography.Text type="warning">{t(`packScanEF.missing.${ready}`)}</Typography.Text>}
            <Button onClick={reset} disabled={busy} data-testid="pack-ef-other">
              {t('packScanEF.otherOrder')}
            </Button>
          </Space>
        </Card>
      )}
    </div>
  );

  if (!canEditRules) return stationView;
  return (
    <Tabs
      className="pef-tabs"
      items={[
        { key: 'station', label: t('packScanEF.tabStation'), children: stationView },
        { key: 'rules', label: t('packScanEF.tabRules'), children: <MerchantRulesEditor /> },
      ]}
    />
  );
}
