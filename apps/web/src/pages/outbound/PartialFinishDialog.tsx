import { partialFinishSchema } from '@kontor/contracts/domains/tracking';
import { Form, Input, Modal, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSchemaRules } from '../../forms/schema-rules.js';
import { outboundApi, type OutboundDetail } from './outbound-api.js';

interface Props {
  order: { id: number; unid: string } | null;
  onClose(): void;
  onDone(next: OutboundDetail): void;
}

/** Staff close a partially shipped order partially (issue 19 item 6); the server requires the reason. */
export function PartialFinishDialog({ order, onClose, onDone }: Props) {
  const { t } = useTranslation();
  const [form] = Form.useForm<{ reason: string }>();
  const [busy, setBusy] = useState(false);
  const rulesOf = useSchemaRules(partialFinishSchema);
  const submit = async () => {
    if (!order) return;
    const { reason } = await form.validateFields();
    setBusy(true);
    try {
      onDone(await outboundApi.partialFinish(order.id, reason));
      form.resetFields();
    } catch {
      // The request layer has shown the server's reason.
    } finally {
      setBusy(false);
    }
  };
  return (
    <Modal
      open={order !== null}
      title={order ? t('tracking.partialFinishTitle', { unid: order.unid }) : ''}
      onCancel={onClose}
      onOk={() => void submit().catch(() => undefined)}
      okText={t('tracking.partialFinish')}
      cancelText={t('common.cancel')}
      confirmLoading={busy}
      destroyOnHidden
    >
      <Typography.Paragraph>{t('tracking.partialFinishText')}</Typography.Paragraph>
      <Form form={form} layout="vertical">
        <Form.Item
          name="reason"
          label={t('tracking.reason')}
          rules={rulesOf('reason', t('tracking.reason'), { messages: { required: t('tracking.reasonRequired') } })}
        >
          <Input.TextArea maxLength={200} autoSize={{ minRows: 2 }} data-testid="partial-finish-reason" />
        </Form.Item>
      </Form>
    </Modal>
  );
}
