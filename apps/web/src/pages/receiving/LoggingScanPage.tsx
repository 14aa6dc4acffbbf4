import { SwapOutlined } from '@ant-design/icons';
import { Button, Card, Descriptions, Empty, Tag, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FeedbackBanner } from '../../components/scan/FeedbackBanner.js';
import { logRoute, type LogKind } from './log-route.js';
import { errorCode, errorText, scanLog, type LoggedOrder } from './receiving-api.js';
import { ScanInput } from '../../components/scan/ScanInput.js';
import { useFeedback } from '../../components/scan/use-feedback.js';
import '../../components/scan/scan-station.css';

/** A found order (an unknown code answers `{id: 0, unid}` and selects nothing). */
type FoundOrder = Extract<LoggedOrder, { status: number }>;
const isFound = (answer: LoggedOrder | null): answer is FoundOrder => !!answer?.id && 'status' in answer;
type Selected = FoundOrder & { kind: LogKind };

const logged = (order: FoundOrder) => (order.shipBundleSent ?? []).map((s) => s.toUpperCase());

/**
 * `/wEP/loggingScan` (issue 6 §4, facts §3.4): the first scan selects an inbound or outbound order,
 * every later scan logs a tracking number to it once. Whether a number was new is decided as the
 * PDA does: by the logged numbers before and after the call, not by clocks.
 */
export default function LoggingScanPage() {
  const { t } = useTranslation();
  const [order, setOrder] = useState<Selected | null>(null);
  const [feedback, show] = useFeedback();
  const invalid = (code: string) => show({ tone: 'error', text: t('receiving.log.invalid', { code }) });

  const select = async (code: string) => {
    const { kind, q } = logRoute(code);
    const found = await scanLog(kind, 0, q);
    if (!isFound(found)) return invalid(code);
    setOrder({ ...found, kind });
    show({ tone: 'info', text: t('receiving.log.confirm') });
  };

  const log = async (current: Selected, code: string) => {
    const before = logged(current);
    const after = await scanLog(current.kind, current.id, code);
    if (!isFound(after)) return invalid(code);
    setOrder({ ...after, kind: current.kind });
    const key = code.toUpperCase();
    if (before.includes(key)) show({ tone: 'warning', text: t('receiving.log.already', { code }) });
    else if (logged(after).includes(key)) show({ tone: 'success', text: t('receiving.log.got', { code }) });
    else invalid(code);
  };

  const onScan = (code: string) =>
    (order ? log(order, code) : select(code)).catch((err: unknown) =>
      errorCode(err) === 'NotFound' ? invalid(code) : show({ tone: 'error', text: errorText(err) }),
    );

  return (
    <div className="rcv-log" data-testid="logging-scan">
      <Card size="small" className="rcv-card">
        <div className="rcv-header-row">
          <Typography.Title level={4} data-testid="logging-title">
            {order ? t(order.kind === 'inbound' ? 'receiving.log.inbound' : 'receiving.log.outbound', { unid: order.unid }) : t('receiving.log.prompt')}
          </Typography.Title>
          {order && (
            <Button
              size="large"
              icon={<SwapOutlined />}
              onClick={() => {
                setOrder(null);
                show(null);
              }}
              data-testid="logging-change"
            >
              {t('receiving.log.change')}
            </Button>
          )}
        </div>
        <ScanInput placeholder={t(order ? 'receiving.log.scanToLog' : 'receiving.log.taskNo')} onScan={(code) => void onScan(code)} testId="logging-input" />
        <FeedbackBanner feedback={feedback} testId="logging-feedback" />
      </Card>
      {order && (
        <Card size="small" className="rcv-card">
          <Descriptions size="small" column={{ xs: 1, sm: 2 }}>
            {order.merchantName && <Descriptions.Item label={t('receiving.merchant')}>{order.merchantName}</Descriptions.Item>}
            {order.carrier && <Descriptions.Item label={t('receiving.log.carrier')}>{order.carrier}</Descriptions.Item>}
            {'trackingNumbers' in order && order.trackingNumbers.length > 0 && (
              <Descriptions.Item label={t('receiving.log.announced')}>{order.trackingNumbers.join(', ')}</Descriptions.Item>
            )}
          </Descriptions>
          <Typography.Text type="secondary">{t('receiving.log.logged', { count: logged(order).length })}</Typography.Text>
          <div className="rcv-logged" data-testid="logging-list">
            {logged(order).length ? (
              (order.shipBundleSent ?? []).map((code) => (
                <Tag key={code} color="green">
                  {code}
                </Tag>
              ))
            ) : (
              <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('receiving.log.none')} />
            )}
          </div>
        </Card>
      )}
    </div>
  );
}
