import { SwapOutlined } from '@ant-design/icons';
import { OUTBOUND_ORDER } from '@kontor/contracts/status/outbound';
import { Alert, Button, Card, Descriptions, Progress, Tag, Typography } from 'antd';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { newKey } from '../../api/idempotency-key.js';
import { FeedbackBanner } from '../../components/scan/FeedbackBanner.js';
import { ScanInput } from '../../components/scan/ScanInput.js';
import { useFeedback } from '../../components/scan/use-feedback.js';
import { StateTag, useStateLabel } from '../../components/StateTag.js';
import { SerialList } from './SerialList.js';
import { checkedOf, errorText, serialsOf, skuQcApi, unknownOutcome, type SkuQcProgress, type SnScanAnswer } from './sku-qc-api.js';
import '../../components/scan/scan-station.css';
import './sku-qc.css';

/** The serial step is open: QC is done and serials are still missing. */
const needsSerials = (p: SkuQcProgress) => p.skuQCCompleted && p.snRequired && !p.snCompleted;

/**
 * `/wEP/skuScan` (issue 18 item 6, facts §3.2, §3.3): the first scan opens an order by its number or
 * tracking number; then every scan is one piece of the next required SKU (by SKU or barcode); once QC
 * is done the screen asks for the serial numbers the order's items need. The server decides every
 * step and moves the order on; the screen shows its answer with a colour and a sound.
 */
export default function SkuScanPage() {
  const { t } = useTranslation();
  const stateLabel = useStateLabel(OUTBOUND_ORDER);
  const [order, setOrder] = useState<SkuQcProgress | null>(null);
  const [serials, setSerials] = useState<SnScanAnswer | null>(null);
  const [feedback, show] = useFeedback();
  const busy = useRef(false);

  const announce = (p: SkuQcProgress, done: string | null) => {
    const got = done ? `${t('skuScan.got', { code: done })} ` : '';
    if (!p.skuQCCompleted) return show({ tone: done ? 'success' : 'info', text: got + t('skuScan.next', { sku: p.itemID }) });
    // Opening the serial prompt plays the long attention tone (facts §3.1).
    if (needsSerials(p)) return show({ tone: 'warning', text: got + t('skuScan.snNeeded') });
    show({ tone: 'success', text: got + t('skuScan.ready', { status: stateLabel(p.status) }) });
  };

  const load = async (p: SkuQcProgress) => {
    setOrder(p);
    setSerials(p.snRequired ? await skuQcApi.serial(p.id, '', '') : null);
  };

  const open = async (code: string) => {
    const p = await skuQcApi.skuQc(0, code);
    await load(p);
    announce(p, null);
  };

  const check = async (current: SkuQcProgress, code: string) => {
    const p = await skuQcApi.skuQc(current.id, code, newKey());
    await load(p);
    announce(p, code);
  };

  const capture = async (current: SkuQcProgress, code: string) => {
    const answer = await skuQcApi.serial(current.id, serials?.itemID ?? current.snItemID, code, newKey());
    setSerials(answer);
    const p = {
      ...current,
      status: answer.status,
      scannedSNQty: answer.scannedSNQty,
      remainingSNQty: answer.remainingSNQty,
      snCompleted: answer.completed,
      snItemID: answer.itemID,
    };
    setOrder(p);
    announce(p, code);
  };

  // One scan at a time (facts §9); an answer that never came is re-read, not resent.
  const onScan = async (code: string) => {
    if (busy.current) return show({ tone: 'warning', text: t('skuScan.busy') });
    busy.current = true;
    const current = order;
    try {
      if (!current) await open(code);
      else if (needsSerials(current)) await capture(current, code);
      else await check(current, code);
    } catch (err) {
      if (current && unknownOutcome(err)) {
        await load(await skuQcApi.skuQc(current.id, '')).catch(() => undefined);
        show({ tone: 'warning', text: t('skuScan.unknown') });
      } else show({ tone: 'error', text: errorText(err) });
    } finally {
      busy.current = false;
    }
  };

  const change = () => {
    setOrder(null);
    setSerials(null);
    show(null);
  };

  const serialMode = order ? needsSerials(order) : false;
  const placeholder = !order
    ? t('skuScan.orderPlaceholder')
    : serialMode
      ? t('skuScan.snPlaceholder', { sku: serials?.itemID || order.snItemID })
      : t('skuScan.skuPlaceholder');
  const checked = order ? checkedOf(order) : [];

  return (
    <div className="rcv-log qc-screen" data-testid="sku-scan">
      <Card size="small" className="rcv-card">
        <div className="rcv-header-row">
          <Typography.Title level={4} data-testid="sku-scan-title">
            {order ? t('skuScan.task', { unid: order.unid }) : t('skuScan.prompt')}
          </Typography.Title>
          {order && (
            <Button size="large" icon={<SwapOutlined />} onClick={change} data-testid="sku-scan-change">
              {t('skuScan.change')}
            </Button>
          )}
        </div>
        <ScanInput placeholder={placeholder} onScan={(code) => void onScan(code)} testId="sku-scan-input" />
        <FeedbackBanner feedback={feedback} testId="sku-scan-feedback" />
        {order && !serialMode && !order.skuQCCompleted && (
          <Typography.Paragraph type="secondary" className="qc-hint">
            {t('skuScan.hint')}
          </Typography.Paragraph>
        )}
        {serialMode && serials && (
          <Typography.Paragraph strong className="qc-hint" data-testid="sku-scan-sn-prompt">
            {t('skuScan.snFor', { sku: serials.itemID })}
            {serials.snPattern && <Typography.Text type="secondary"> · {t('skuScan.pattern', { pattern: serials.snPattern })}</Typography.Text>}
          </Typography.Paragraph>
        )}
      </Card>
      {order && (
        <Card size="small" className="rcv-card" data-testid="sku-scan-order">
          {order.noteImportant && <Alert type="error" showIcon message={order.noteImportant} className="qc-alert" />}
          <Descriptions size="small" column={{ xs: 1, sm: 2 }}>
            <Descriptions.Item label={t('skuScan.status')}>
              <StateTag machine={OUTBOUND_ORDER} code={order.status} />
            </Descriptions.Item>
            {order.noteInner && <Descriptions.Item label={t('skuScan.privateRemark')}>{order.noteInner}</Descriptions.Item>}
          </Descriptions>
          {order.requiredSKUQCQty > 0 ? (
            <div className="qc-section" data-testid="sku-scan-qc">
              <Typography.Text strong>{t('skuScan.qcProgress', { scanned: order.scannedSKUQCQty, required: order.requiredSKUQCQty })}</Typography.Text>
              <Progress percent={Math.round((100 * order.scannedSKUQCQty) / order.requiredSKUQCQty)} showInfo={false} />
              <div className="qc-tags">
                {checked.map((sku, i) => (
                  <Tag key={`${sku}-${i}`} color="green">
                    {sku}
                  </Tag>
                ))}
                {order.itemID && <Tag color="blue">{t('skuScan.next', { sku: order.itemID })}</Tag>}
              </div>
            </div>
          ) : (
            <Typography.Text type="secondary">{t('skuScan.noQc')}</Typography.Text>
          )}
          {order.snRequired && (
            <div className="qc-section" data-testid="sku-scan-serials">
              <Typography.Text strong>{t('skuScan.snProgress', { scanned: order.scannedSNQty, required: order.requiredSNQty })}</Typography.Text>
              <SerialList serials={serialsOf(serials?.itemSN ?? '[]')} empty={t('skuScan.noSerials')} testId="sku-scan-serial-list" />
            </div>
          )}
        </Card>
      )}
    </div>
  );
}
