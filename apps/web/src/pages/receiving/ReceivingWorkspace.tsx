import { SwapOutlined } from '@ant-design/icons';
import { INBOUND_ORDER, INBOUND_SCANNABLE } from '@kontor/contracts/status/inbound';
import { Button, Card, Col, Row, Spin, Tabs } from 'antd';
import { useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useCan } from '../../masks/can.js';
import { CountPanel } from './CountPanel.js';
import { OrderHeader } from './OrderHeader.js';
import { PutawayPanel } from './PutawayPanel.js';
import { receivingApi, type InboundDetail, type ScanAnswer } from './receiving-api.js';
import { ReceivingLines } from './ReceivingLines.js';
import { useFeedback } from '../../components/scan/use-feedback.js';
import type { ScanDraft } from './use-item-scan.js';

/** States in which counted goods may wait in staging for putaway. */
const PUTAWAY_STATES = INBOUND_ORDER.codes('partiallyInbounded', 'received', 'inbounded');

interface Props {
  orderId: number;
  initialUnit: string;
  onChangeOrder(): void;
}

/** One inbound order at the receiving desk: its header and lines, counting by scan, and putaway. */
export function ReceivingWorkspace({ orderId, initialUnit, onChangeOrder }: Props) {
  const { t } = useTranslation();
  const can = useCan();
  const [detail, setDetail] = useState<InboundDetail | null>(null);
  const [tab, setTab] = useState<string>();
  const [feedback, show] = useFeedback();

  const reload = useCallback(async () => setDetail(await receivingApi.detail(orderId)), [orderId]);
  useEffect(() => {
    receivingApi.detail(orderId).then(setDetail, () => undefined);
  }, [orderId]);

  // The answer carries the lines and status; the scan joins the list of recent ones, for undo.
  const onAnswer = useCallback((answer: ScanAnswer, draft: ScanDraft) => {
    const scan = {
      ...answer.scan,
      unit: draft.unit,
      unitKind: draft.unitKind,
      batch: draft.batch,
      serials: draft.serials,
      at: new Date().toISOString(),
      booked: false,
    };
    setDetail((d) => d && { ...d, lines: answer.lines, order: { ...d.order, status: answer.status }, scans: [scan, ...d.scans] });
  }, []);

  if (!detail) return <Spin size="large" className="rcv-loading" />;
  const { order } = detail;
  const canEdit = can('r7g.receiving.edit');
  const scannable = INBOUND_SCANNABLE.includes(order.status);
  const putaway = detail.staging.length > 0 || PUTAWAY_STATES.includes(order.status);
  const counted = detail.lines.reduce((sum, l) => sum + l.received + l.damaged + l.pending, 0);
  const items = [
    scannable && {
      key: 'count',
      label: t('receiving.countTab'),
      children: (
        <CountPanel
          detail={detail}
          feedback={feedback}
          show={show}
          onAnswer={onAnswer}
          reload={reload}
          onDetail={setDetail}
          initialUnit={initialUnit}
          onCompleted={(final) => final && setTab('putaway')}
        />
      ),
    },
    putaway && {
      key: 'putaway',
      label: t('receiving.putawayTab'),
      children: <PutawayPanel detail={detail} feedback={feedback} show={show} onDetail={setDetail} />,
    },
  ].filter((item) => !!item);
  const active = items.some((i) => i.key === tab) ? tab : items[0]?.key;

  return (
    <div className="rcv-workspace" data-testid="receiving-workspace">
      <Card size="small" className="rcv-card">
        <div className="rcv-header-row">
          <OrderHeader order={order} counted={counted} />
          <Button size="large" icon={<SwapOutlined />} onClick={onChangeOrder} data-testid="change-order">
            {t('receiving.changeOrder')}
          </Button>
        </div>
      </Card>
      <Row gutter={[12, 12]}>
        {canEdit && items.length > 0 && (
          <Col xs={24} xl={11}>
            <Card size="small" className="rcv-card">
              <Tabs activeKey={active} onChange={setTab} items={items} destroyOnHidden data-testid="receiving-tabs" />
            </Card>
          </Col>
        )}
        <Col xs={24} xl={canEdit && items.length > 0 ? 13 : 24}>
          <Card size="small" className="rcv-card" title={t('receiving.lines')}>
            <ReceivingLines lines={detail.lines} scans={detail.scans} />
          </Card>
        </Col>
      </Row>
    </div>
  );
}
