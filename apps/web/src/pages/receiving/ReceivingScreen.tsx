import { Card, Typography } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { FeedbackBanner } from '../../components/scan/FeedbackBanner.js';
import { OpenOrders } from './OpenOrders.js';
import { errorText, receivingApi } from './receiving-api.js';
import { ReceivingWorkspace } from './ReceivingWorkspace.js';
import { ScanInput } from '../../components/scan/ScanInput.js';
import { useFeedback } from '../../components/scan/use-feedback.js';
import '../../components/scan/scan-station.css';

/** A box or pallet label: the order number followed by P and three digits (facts §3.4). */
const UNIT_LABEL = /P\d{3}$/i;

/**
 * The receiving desk (issue 6 §3): scan the inbound number or one of its box or pallet labels, then
 * count and put away. `withList` adds the orders waiting for receiving, for desks without a scanner.
 * `?q=<number>` opens an order directly (a link from the inbound orders).
 */
export function ReceivingScreen({ withList }: { withList: boolean }) {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const [open, setOpen] = useState<{ id: number; unit: string } | null>(null);
  const [feedback, show] = useFeedback();

  const opened = (code: string, found: { id: number; unid: string }) => {
    if (!found.id) return show({ tone: 'error', text: t('receiving.invalid', { code }) });
    const unit = UNIT_LABEL.test(code) && code.toUpperCase() !== found.unid.toUpperCase() ? code.toUpperCase() : '';
    show(null);
    setOpen({ id: found.id, unit });
  };
  const find = (code: string) =>
    receivingApi.find(code).then(
      (found) => opened(code, found),
      (err: unknown) => show({ tone: 'error', text: errorText(err) }),
    );

  const linked = params.get('q');
  useEffect(() => {
    if (linked) void find(linked);
    // Only a new link opens an order; `find` is recreated on every render.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [linked]);

  if (open) return <ReceivingWorkspace key={open.id} orderId={open.id} initialUnit={open.unit} onChangeOrder={() => setOpen(null)} />;

  return (
    <div className="rcv-select" data-testid="receiving-select">
      <Card size="small" className="rcv-card">
        <Typography.Title level={4}>{t('receiving.scanOrderTitle')}</Typography.Title>
        <ScanInput placeholder={t('receiving.scanOrder')} onScan={(code) => void find(code)} testId="receiving-order-scan" />
        <FeedbackBanner feedback={feedback} testId="receiving-order-feedback" />
      </Card>
      {withList && (
        <Card size="small" className="rcv-card" title={t('receiving.openOrders')}>
          <OpenOrders onOpen={(order) => setOpen({ id: order.id, unit: '' })} />
        </Card>
      )}
    </div>
  );
}
