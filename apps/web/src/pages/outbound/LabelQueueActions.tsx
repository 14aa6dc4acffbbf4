import { CheckCircleTwoTone, CloseCircleTwoTone, LoadingOutlined, RedoOutlined } from '@ant-design/icons';
import { Button, List, Modal, Progress, Space, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DocNo } from '../../components/DocNo.js';
import { retryEach, type RetryOutcome } from './label-retry.js';
import { labelsApi } from './labels-api.js';
import type { OutboundOrderRow } from './outbound-api.js';

/** The queue's reason in the user's language: the error code's text, then the carrier's own words. */
export function useReasonText() {
  const { t } = useTranslation();
  return (code: string | null | undefined, text: string | null | undefined) =>
    [code ? t(`error.${code}`, { defaultValue: code }) : '', text ?? ''].filter(Boolean).join(' · ');
}

interface Props {
  selected: OutboundOrderRow[];
  /** The retry ended (the dialog closed): the list reloads and the selection clears. */
  onDone(): void;
}

/**
 * Bulk "retry label" of the label queue (issue 17 item 4): the selected orders' labels are bought again,
 * two at a time, each order's outcome shown as it lands (tracking numbers, or the carrier's reason).
 */
export function LabelRetryButton({ selected, onDone }: Props) {
  const { t } = useTranslation();
  const reason = useReasonText();
  const [outcomes, setOutcomes] = useState<RetryOutcome[] | null>(null);
  const [running, setRunning] = useState(false);

  const start = () => {
    const orders = selected.map((r) => ({ id: r.id, unid: r.unid }));
    setOutcomes(orders.map((o) => ({ orderId: o.id, unid: o.unid, state: 'waiting' })));
    setRunning(true);
    const land = (outcome: RetryOutcome) => setOutcomes((all) => (all ?? []).map((o) => (o.orderId === outcome.orderId ? outcome : o)));
    void retryEach(orders, (id) => labelsApi.retry([id]).then((answers) => answers[0]!), land).finally(() => setRunning(false));
  };
  const close = () => {
    setOutcomes(null);
    onDone();
  };
  const finished = outcomes?.filter((o) => o.state === 'done' || o.state === 'failed').length ?? 0;
  const done = outcomes?.filter((o) => o.state === 'done').length ?? 0;
  const icon = (o: RetryOutcome) =>
    o.state === 'done' ? (
      <CheckCircleTwoTone twoToneColor="#52c41a" />
    ) : o.state === 'failed' ? (
      <CloseCircleTwoTone twoToneColor="#ff4d4f" />
    ) : o.state === 'running' ? (
      <LoadingOutlined />
    ) : null;

  return (
    <>
      <Button icon={<RedoOutlined />} disabled={!selected.length} onClick={start} data-testid="label-queue-retry">
        {selected.length ? t('carriers.queue.retrySelected', { count: selected.length }) : t('carriers.queue.retry')}
      </Button>
      <Modal
        open={outcomes !== null}
        title={t('carriers.queue.retryTitle')}
        closable={!running}
        maskClosable={false}
        onCancel={close}
        footer={
          <Button type="primary" disabled={running} onClick={close} data-testid="label-queue-retry-close">
            {t('common.close')}
          </Button>
        }
      >
        <Progress
          percent={outcomes?.length ? Math.round((finished / outcomes.length) * 100) : 0}
          status={running ? 'active' : done === outcomes?.length ? 'success' : 'normal'}
        />
        <Typography.Paragraph data-testid="label-queue-retry-summary">
          {t('carriers.queue.retryProgress', { done, failed: finished - done, total: outcomes?.length ?? 0 })}
        </Typography.Paragraph>
        <List
          size="small"
          dataSource={outcomes ?? []}
          data-testid="label-queue-retry-results"
          renderItem={(o) => (
            <List.Item data-testid={`label-queue-outcome-${o.state}`}>
              <Space align="start">
                {icon(o)}
                <Space orientation="vertical" size={0}>
                  <strong>
                    <DocNo>{o.unid}</DocNo>
                  </strong>
                  {o.state === 'done' && <span>{t('carriers.queue.bought', { tracking: o.tracking.join(', ') })}</span>}
                  {o.state === 'failed' && <Typography.Text type="danger">{reason(o.code, o.text) || t('error.common')}</Typography.Text>}
                </Space>
              </Space>
            </List.Item>
          )}
        />
      </Modal>
    </>
  );
}
