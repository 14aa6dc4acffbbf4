import { PICKLIST } from '@kontor/contracts/status/picklist';
import { Button, Card, Input, Select, Space, Switch, Tag, Typography } from 'antd';
import { useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { DocNo } from '../../components/DocNo.js';
import { StateTag } from '../../components/StateTag.js';
import { FeedbackBanner } from '../../components/scan/FeedbackBanner.js';
import { ParcelMeasure } from '../../components/scan/ParcelMeasure.js';
import { ScanInput } from '../../components/scan/ScanInput.js';
import { PackCandidates } from './PackCandidates.js';
import { usePackDesk } from './use-pack-desk.js';
import { usePackScanOrder } from './use-pack-scan-order.js';
import '../../components/scan/scan-station.css';
import './pack-scan-order.css';

/**
 * `/wEP/packScanOrder` (issue 18 item 4, facts §3.6 Pack Scan Order, docs/packing.md): multi-item
 * orders of a type-1 picklist are packed per order. Item scans are counted on this screen; the orders
 * they may belong to are ranked by the pieces they still lack. An order whose lines are all scanned
 * exactly, with a packing material and a label, is printed: re-read, packed through the pack flow (its
 * stock leaves the books there), labelled on the station's printer, then saved to the picklist.
 */
export default function PackScanOrderPage() {
  const { t } = useTranslation();
  const desk = usePackDesk();
  const { picklist, scanned, setScanned, batchFor, busy, feedback, candidates, onScan, print, outOfStock, reset } = usePackScanOrder(desk);
  const scanField = useRef<{ focus(): void }>(null);

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
            <Input value={desk.station} maxLength={64} onChange={(e) => desk.setStation(e.target.value)} data-testid="pack-order-station" />
          </label>
          <label className="rcv-control pso-materials">
            {t('packScanOrder.materials')}
            <Select
              mode="multiple"
              allowClear
              optionFilterProp="label"
              placeholder={t('packScanOrder.materialsNone')}
              value={desk.chosen}
              onChange={(v: number[]) => desk.setChosen(v)}
              options={desk.materials.map((m) => ({ value: m.id, label: `${m.unid} · ${m.name}` }))}
              data-testid="pack-order-materials"
            />
          </label>
          <div className="rcv-control pso-parcel">
            {t('packScanOrder.parcel')}
            <ParcelMeasure
              value={desk.measure}
              onChange={desk.setMeasure}
              onDone={() => scanField.current?.focus()}
              disabled={busy}
              testId="pack-order-measure"
            />
          </div>
          <label className="rcv-control">
            {t('packScanOrder.autoPrint')}
            <Switch checked={desk.autoPrint} onChange={desk.setAutoPrint} data-testid="pack-order-auto" />
          </label>
        </div>
        <FeedbackBanner feedback={feedback} testId="pack-order-feedback" />
      </Card>
      {picklist && (
        <PackCandidates
          candidates={candidates}
          scanned={scanned}
          materialCount={desk.chosen.length}
          busy={busy}
          onPrint={(order) => void print(picklist, order)}
          onOutOfStock={(order) => void outOfStock(picklist, order)}
        />
      )}
    </div>
  );
}
