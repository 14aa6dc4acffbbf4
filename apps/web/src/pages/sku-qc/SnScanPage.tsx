import { SwapOutlined } from '@ant-design/icons';
import type { ItemSerial } from '@kontor/contracts/domains/sku-qc';
import { Button, Card, Typography } from 'antd';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { newKey } from '../../api/idempotency-key.js';
import { sendPrint } from '../../api/print.js';
import { FeedbackBanner } from '../../components/scan/FeedbackBanner.js';
import { ScanInput } from '../../components/scan/ScanInput.js';
import { useDoubleScan, type DoubleScanOutcome } from '../../components/scan/use-double-scan.js';
import { useFeedback } from '../../components/scan/use-feedback.js';
import { SerialList } from './SerialList.js';
import { errorText, serialsOf, skuQcApi, type SnSwapAnswer } from './sku-qc-api.js';
import '../../components/scan/scan-station.css';
import './sku-qc.css';

/**
 * `/wEP/snScan` (issue 18 item 6, facts §3.5): the SN swap. Every code is scanned twice, identically
 * (typed by hand counts as confirmed). The first code opens the order, then two different original
 * serials; the server makes the new serial and prints its label on the user's print station. The
 * print history lists the order's serials; tapping one prints its label again.
 */
export default function SnScanPage() {
  const { t } = useTranslation();
  const [order, setShownOrder] = useState<SnSwapAnswer | null>(null);
  const [lastScan, setLastScan] = useState('');
  const [feedback, show] = useFeedback();
  const busy = useRef(false);
  // The order as the last answer left it, for a scan that comes before the screen re-renders.
  const orderRef = useRef<SnSwapAnswer | null>(null);
  const setOrder = (next: SnSwapAnswer | null) => {
    orderRef.current = next;
    setShownOrder(next);
  };

  const open = async (code: string) => {
    const answer = await skuQcApi.swap(0, code, newKey());
    setOrder(answer);
    show({ tone: 'info', text: t('snScan.sn1') });
  };

  const original = async (current: SnSwapAnswer, code: string) => {
    if (current.swapBuffer.includes(code)) return show({ tone: 'warning', text: t('snScan.different') });
    const answer = await skuQcApi.swap(current.id, code, newKey());
    setOrder(answer);
    if (!answer.sn) return show({ tone: 'success', text: `${t('snScan.got', { code })} ${t('snScan.sn2')}` });
    if (answer.print === 'offline') return show({ tone: 'warning', text: t('snScan.offline', { sn: answer.sn }) });
    show({ tone: 'success', text: `${t('snScan.newSn', { sn: answer.sn })} ${t('snScan.printer')}` });
  };

  const confirmed = async (code: string) => {
    if (busy.current) return show({ tone: 'warning', text: t('snScan.busy') });
    busy.current = true;
    const current = orderRef.current;
    try {
      if (!current) await open(code);
      else await original(current, code);
    } catch (err) {
      show({ tone: 'error', text: errorText(err) });
    } finally {
      busy.current = false;
    }
  };

  const onOutcome = (outcome: DoubleScanOutcome) => {
    setLastScan(outcome.code);
    if (outcome.kind === 'again') show({ tone: 'info', text: t('snScan.progress', { count: 1, required: 2 }) });
    else if (outcome.kind === 'inconsistent') show({ tone: 'error', text: t('snScan.inconsistent') });
    else void confirmed(outcome.code);
  };
  const double = useDoubleScan(onOutcome);

  const reprint = (serial: ItemSerial) =>
    void sendPrint({ kind: 'sn', sn: serial.sn, title: `${order?.unid ?? ''} ${serial.sn}` })
      .then(() => show({ tone: 'success', text: t('snScan.reprinted', { sn: serial.sn }) }))
      .catch((err: unknown) => show({ tone: 'error', text: errorText(err) }));

  const change = () => {
    setOrder(null);
    double.reset();
    show(null);
  };

  const prompt = !order ? t('snScan.prompt') : order.swapBuffer.length === 0 ? t('snScan.sn1') : t('snScan.sn2');

  return (
    <div className="rcv-log qc-screen" data-testid="sn-scan">
      <Card size="small" className="rcv-card">
        <div className="rcv-header-row">
          <Typography.Title level={4} data-testid="sn-scan-title">
            {prompt}
          </Typography.Title>
          {order && (
            <Button size="large" icon={<SwapOutlined />} onClick={change} data-testid="sn-scan-change">
              {t('snScan.change')}
            </Button>
          )}
        </div>
        {order && (
          <Typography.Paragraph type="secondary" className="qc-task">
            {t('snScan.task', { unid: order.unid })}
          </Typography.Paragraph>
        )}
        <ScanInput placeholder={order ? t('snScan.snPlaceholder') : t('snScan.orderPlaceholder')} onScan={double.onScan} testId="sn-scan-input" />
        <div className="qc-double" data-testid="sn-scan-progress">
          <Typography.Text type="secondary">{t('snScan.progress', { count: double.pending === null ? 0 : 1, required: 2 })}</Typography.Text>
          {lastScan && <Typography.Text type="secondary">{t('snScan.justScanned', { code: lastScan })}</Typography.Text>}
        </div>
        <FeedbackBanner feedback={feedback} testId="sn-scan-feedback" />
        {order && (
          <Typography.Paragraph type="secondary" className="qc-hint">
            {t('snScan.hint')}
          </Typography.Paragraph>
        )}
      </Card>
      {order && (
        <Card size="small" className="rcv-card" title={t('snScan.history')} data-testid="sn-scan-history">
          <Typography.Text type="secondary">{t('snScan.historyHint')}</Typography.Text>
          <SerialList serials={serialsOf(order.itemSN)} empty={t('snScan.none')} testId="sn-scan-history-list" onPick={reprint} />
        </Card>
      )}
    </div>
  );
}
