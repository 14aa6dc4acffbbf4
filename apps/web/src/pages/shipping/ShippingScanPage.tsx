import { Button, Card, Typography } from 'antd';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { newKey } from '../../api/idempotency-key.js';
import { FeedbackBanner } from '../../components/scan/FeedbackBanner.js';
import { MissedScans } from '../../components/scan/MissedScans.js';
import { ScanInput } from '../../components/scan/ScanInput.js';
import { useFeedback } from '../../components/scan/use-feedback.js';
import { useScanTurn } from '../../components/scan/use-scan-turn.js';
import { ShipOrderPanel } from './ShipOrderPanel.js';
import { shipOutcome, type Text } from './ship-result.js';
import { errorCode, errorText, shippingApi, unknownOutcome, type ShipScanAnswer, type SkuQcProgress, type SnScanAnswer } from './shipping-api.js';
import '../../components/scan/scan-station.css';
import './shipping.css';

type Prompt = 'qc' | 'sn' | null;

/** An answer slower than this (bad Wi-Fi, the request layer's retries) is announced as being processed. */
const SLOW_MS = 300;

/**
 * `/wEP/shippingScan` (issue 19 item 1, facts §3.1): each scan of a tracking or order number confirms
 * a parcel; the banner shows the facts' title and subtitle in the outcome's colour and tone. When the
 * order's last parcel opens its SKU QC or serial capture, the next scans go to those steps until they
 * are done. One scan at a time; a lost answer is asked again with the same key (the scan is
 * idempotent), so nothing is counted twice.
 */
export default function ShippingScanPage() {
  const { t } = useTranslation();
  const [order, setOrder] = useState<ShipScanAnswer | null>(null);
  const [prompt, setPrompt] = useState<Prompt>(null);
  const [qc, setQc] = useState<SkuQcProgress | null>(null);
  const [sn, setSn] = useState<SnScanAnswer | null>(null);
  const [subtitle, setSubtitle] = useState<string | null>(null);
  const [feedback, showNow] = useFeedback();
  const { take, missed, miss, forget } = useScanTurn();
  const slow = useRef<ReturnType<typeof setTimeout>>(undefined);
  // Any outcome ends the "processing" notice of a slow answer.
  const show = (next: Parameters<typeof showNow>[0]) => {
    clearTimeout(slow.current);
    showNow(next);
  };
  const text = (x: Text) => t(`shippingScan.${x.key}`, x.values ?? {});

  const openPrompt = async (o: ShipScanAnswer, next: Prompt) => {
    setPrompt(next);
    if (next === 'qc') {
      const p = await shippingApi.skuQc(o.id, '');
      setQc(p);
      setSubtitle(t('shippingScan.qcPrompt', { sku: p.itemID }));
    } else if (next === 'sn') {
      const s = await shippingApi.serial(o.id, '', '');
      setSn(s);
      setSubtitle(t('shippingScan.snPrompt', { sku: s.itemID }));
    }
  };

  const shipped = async (code: string) => {
    const key = newKey();
    // The scan is idempotent per parcel and keyed: a lost answer is asked again with the same key.
    const answer = await shippingApi.scan(code, key).catch((err: unknown) => (unknownOutcome(err) ? shippingApi.scan(code, key) : Promise.reject(err)));
    setOrder(answer);
    setQc(null);
    setSn(null);
    const outcome = shipOutcome(answer);
    const title = (outcome.prefix ? `${text(outcome.prefix)} – ` : '') + text(outcome.title);
    show({ tone: outcome.tone, text: title });
    setSubtitle(outcome.subtitle ? text(outcome.subtitle) : null);
    setPrompt(null);
    if (outcome.prompt) await openPrompt(answer, outcome.prompt);
  };

  const checked = async (o: ShipScanAnswer, code: string) => {
    const p = await shippingApi.skuQc(o.id, code, newKey());
    setQc(p);
    setOrder({ ...o, status: p.status });
    if (!p.skuQCCompleted) {
      // The line under the banner names the next SKU too: it kept the first one while the banner moved on.
      setSubtitle(t('shippingScan.qcPrompt', { sku: p.itemID }));
      return show({ tone: 'success', text: `${t('shippingScan.got', { code })} ${t('shippingScan.qcPrompt', { sku: p.itemID })}` });
    }
    if (p.snRequired && !p.snCompleted) {
      show({ tone: 'warning', text: t('shippingScan.got', { code }) });
      return openPrompt(o, 'sn');
    }
    finish(code);
  };

  const captured = async (o: ShipScanAnswer, code: string) => {
    const s = await shippingApi.serial(o.id, sn?.itemID ?? '', code, newKey());
    setSn(s);
    setOrder({ ...o, status: s.status });
    if (!s.completed) {
      setSubtitle(t('shippingScan.snPrompt', { sku: s.itemID }));
      return show({ tone: 'success', text: `${t('shippingScan.got', { code })} ${t('shippingScan.snPrompt', { sku: s.itemID })}` });
    }
    finish(code);
  };

  const finish = (code: string) => {
    setPrompt(null);
    setSubtitle(null);
    show({ tone: 'success', text: `${t('shippingScan.got', { code })} ${t('shippingScan.checksDone')}` });
  };

  const scanned = async (code: string) => {
    // Without it the last scan's banner (green "1/2 Scanned") stood as if it were this scan's answer.
    slow.current = setTimeout(() => showNow({ tone: 'info', text: t('shippingScan.processing', { code }) }), SLOW_MS);
    try {
      if (order && prompt === 'qc') await checked(order, code);
      else if (order && prompt === 'sn') await captured(order, code);
      else await shipped(code);
    } catch (err) {
      const refused = errorCode(err);
      if (refused === 'OrderNotFound') show({ tone: 'error', text: t('shippingScan.notFound') });
      else if (unknownOutcome(err)) {
        // Sent, never answered: it may not be scanned. A repeat is safe (idempotent per parcel), so it is
        // kept to scan again like a scan refused while busy.
        show({ tone: 'warning', text: t('shippingScan.unknown', { code }) });
        miss(code);
      } else show({ tone: 'error', text: errorText(err) });
      if (!prompt) setSubtitle(null);
    }
  };

  // One parcel per scan, one scan at a time (facts §3.1, §9). A pasted list is refused whole, naming its
  // numbers: sent as one code it was "Order Not Found" and left no trace of which parcels to scan.
  const onScan = async (code: string) => {
    const numbers = code.split(/\s+/);
    if (numbers.length > 1) return show({ tone: 'error', text: t('shippingScan.several', { count: numbers.length, codes: numbers.join(', ') }) });
    if (!(await take(code, () => scanned(code)))) show({ tone: 'warning', text: t('shippingScan.busy') });
  };

  const leave = () => {
    setPrompt(null);
    setSubtitle(null);
    show(null);
  };

  const placeholder =
    prompt === 'qc' ? t('skuScan.skuPlaceholder') : prompt === 'sn' ? t('skuScan.snPlaceholder', { sku: sn?.itemID ?? '' }) : t('shippingScan.placeholder');

  return (
    <div className="rcv-log qc-screen" data-testid="ship-scan">
      <Card size="small" className="rcv-card">
        <div className="rcv-header-row">
          <Typography.Title level={4} data-testid="ship-scan-title">
            {t('route.shippingScan')}
          </Typography.Title>
          {prompt && (
            <Button size="large" onClick={leave} data-testid="ship-scan-leave">
              {t('shippingScan.leavePrompt')}
            </Button>
          )}
        </div>
        <ScanInput placeholder={placeholder} onScan={(code) => void onScan(code)} testId="ship-scan-input" />
        {feedback ? (
          <FeedbackBanner feedback={feedback} testId="ship-scan-feedback" />
        ) : (
          <Typography.Paragraph type="secondary" data-testid="ship-scan-idle">
            {t('shippingScan.idle')}
          </Typography.Paragraph>
        )}
        <MissedScans
          codes={missed}
          text={t('shippingScan.missed', { codes: missed.join(', ') })}
          dismiss={t('shippingScan.missedDismiss')}
          onDismiss={forget}
          testId="ship-scan-missed"
        />
        {subtitle && (
          <Typography.Paragraph strong className="ship-subtitle" data-testid="ship-scan-subtitle">
            {subtitle}
          </Typography.Paragraph>
        )}
        {prompt === 'qc' && qc && (
          <Typography.Text data-testid="ship-scan-qc">
            {t('shippingScan.qcProgress', { scanned: qc.scannedSKUQCQty, required: qc.requiredSKUQCQty })}
          </Typography.Text>
        )}
        {prompt === 'sn' && sn && (
          <Typography.Text data-testid="ship-scan-sn">{t('shippingScan.snProgress', { scanned: sn.scannedSNQty, required: sn.requiredSNQty })}</Typography.Text>
        )}
      </Card>
      {order && <ShipOrderPanel order={order} />}
    </div>
  );
}
