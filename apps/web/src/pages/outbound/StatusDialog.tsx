import { EXCEPTION_OWNERS, OUTBOUND_EXCEPTIONS, type ExceptionOwner, type OutboundState } from '@kontor/contracts/status/outbound';
import { outboundStatusSchema } from '@kontor/contracts/domains/outbound';
import { Form, Input, Modal, Select, Space, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { OUTBOUND_ORDER } from '@kontor/contracts/status/outbound';
import { StateTag } from '../../components/StateTag.js';
import { useSchemaRules } from '../../forms/schema-rules.js';
import { outboundApi, type OutboundDetail, type OutboundOrderRow } from './outbound-api.js';

interface Values {
  reason?: string;
  owner?: ExceptionOwner;
  note?: string;
}

/**
 * The change asked for: a status from `next`, the decision on a cancel request, or an open exception
 * handed to another owner with a comment (the state stays).
 */
export type PendingChange = { kind: 'status'; to: string } | { kind: 'decision'; approve: boolean } | { kind: 'exception' };

interface Props {
  order: OutboundOrderRow;
  change: PendingChange | null;
  onClose(): void;
  onDone(detail: OutboundDetail): void;
}

/**
 * Confirms a status change by hand. An exception (hold, problem, wrong address …) asks for its reason,
 * the owner who is to act and a note (issue 7 §2); any other change takes an optional note.
 */
export function StatusDialog({ order, change, onClose, onDone }: Props) {
  const { t } = useTranslation();
  const [form] = Form.useForm<Values>();
  const [busy, setBusy] = useState(false);
  const exception = change?.kind === 'status' && OUTBOUND_EXCEPTIONS.includes(change.to as OutboundState);
  const assigning = change?.kind === 'exception';

  const submit = async (v: Values) => {
    if (!change) return;
    setBusy(true);
    try {
      const note = v.note?.trim() ?? '';
      const detail =
        change.kind === 'decision'
          ? await outboundApi.decideCancel(order.id, change.approve, note)
          : change.kind === 'exception'
            ? await outboundApi.updateException(order.id, v.owner!, note)
            : await outboundApi.setStatus(order.id, { to: change.to, reason: v.reason?.trim() ?? '', owner: v.owner ?? null, note });
      onDone(detail);
    } finally {
      setBusy(false);
    }
  };

  const title =
    change?.kind === 'decision'
      ? t(change.approve ? 'outbound.approveCancel' : 'outbound.declineCancel')
      : change?.kind === 'exception'
        ? t('outbound.assignExceptionTitle', { unid: order.unid })
        : change
          ? t('outbound.setStatusTitle', { unid: order.unid })
          : '';
  const target = change?.kind === 'status' && (OUTBOUND_ORDER.states as Record<string, { code: number }>)[change.to];
  // The server asks an exception for its reason; the owner who is to act is asked here too.
  const rulesOf = useSchemaRules(outboundStatusSchema);
  return (
    <Modal
      open={change !== null}
      title={title}
      okText={t('common.ok')}
      cancelText={t('common.cancel')}
      okButtonProps={{ loading: busy, danger: change?.kind === 'decision' && change.approve, 'data-testid': 'outbound-status-ok' }}
      onOk={() => form.submit()}
      onCancel={onClose}
      destroyOnHidden
    >
      <Form<Values> form={form} layout="vertical" preserve={false} onFinish={(v) => void submit(v).catch(() => undefined)} data-testid="outbound-status-form">
        {target && (
          <Space style={{ marginBottom: 12 }}>
            <StateTag machine={OUTBOUND_ORDER} code={order.status} />
            <span>→</span>
            <StateTag machine={OUTBOUND_ORDER} code={target.code} />
          </Space>
        )}
        {change?.kind === 'decision' && (
          <Typography.Paragraph>{t(change.approve ? 'outbound.approveCancelHint' : 'outbound.declineCancelHint', { unid: order.unid })}</Typography.Paragraph>
        )}
        {exception && (
          <Form.Item name="reason" label={t('outbound.reason')} rules={rulesOf('reason', t('outbound.reason'), { required: true })}>
            <Input maxLength={200} data-testid="outbound-status-reason" />
          </Form.Item>
        )}
        {(exception || assigning) && (
          <Form.Item
            name="owner"
            label={t('outbound.owner')}
            initialValue={assigning ? (order.exceptionOwner ?? undefined) : undefined}
            rules={rulesOf('owner', t('outbound.owner'), { required: true })}
          >
            <Select options={EXCEPTION_OWNERS.map((o) => ({ value: o, label: t(`outbound.owners.${o}`) }))} data-testid="outbound-status-owner" />
          </Form.Item>
        )}
        <Form.Item name="note" label={t('outbound.note')}>
          <Input.TextArea maxLength={1000} autoSize={{ minRows: 2, maxRows: 5 }} data-testid="outbound-status-note" />
        </Form.Item>
      </Form>
    </Modal>
  );
}
