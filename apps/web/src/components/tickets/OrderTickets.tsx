import { PlusOutlined } from '@ant-design/icons';
import { ticketCreateSchema } from '@kontor/contracts/domains/outbound';
import { TICKET } from '@kontor/contracts/status/outbound';
import { Button, Empty, Form, Input, Modal, Space, Spin, Typography } from 'antd';
import { useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../../lib/format.js';
import { useCan } from '../../masks/can.js';
import { notify } from '../../notify/queue.js';
import { useSchemaRules } from '../../forms/schema-rules.js';
import { FilesInput } from '../FilesInput.js';
import { StateTag } from '../StateTag.js';
import { TicketDrawer } from './TicketDrawer.js';
import { ticketsApi, type TicketFile, type TicketRow } from '../../pages/tickets/tickets-api.js';
import { DocNo } from '../DocNo.js';

interface NewTicket {
  subject: string;
  message: string;
  files: TicketFile[];
}

/** Subject, first message and files of a new ticket, checked with the contracts' schema before sending. */
function NewTicketModal({ orderId, open, onClose, onCreated }: { orderId: number; open: boolean; onClose(): void; onCreated(id: number): void }) {
  const { t } = useTranslation();
  const [form] = Form.useForm<NewTicket>();
  const [busy, setBusy] = useState(false);
  const rulesOf = useSchemaRules(ticketCreateSchema);
  const submit = async (values: NewTicket) => {
    const parsed = ticketCreateSchema.safeParse({ orderId, ...values, files: values.files ?? [] });
    if (!parsed.success) {
      form.setFields(parsed.error.issues.map((i) => ({ name: String(i.path[0]) as keyof NewTicket, errors: [t('tickets.required')] })));
      return;
    }
    setBusy(true);
    try {
      const created = await ticketsApi.create(parsed.data);
      notify((n) => n.success(t('tickets.opened', { unid: created.unid })));
      form.resetFields();
      onCreated(created.id);
    } catch {
      // the request layer has shown why
    } finally {
      setBusy(false);
    }
  };
  return (
    <Modal
      open={open}
      title={t('tickets.new')}
      onCancel={onClose}
      onOk={() => form.submit()}
      okText={t('tickets.send')}
      cancelText={t('common.cancel')}
      confirmLoading={busy}
      destroyOnHidden
    >
      <Form form={form} layout="vertical" onFinish={(v) => void submit(v)} initialValues={{ files: [] }} data-testid="ticket-new-form">
        <Form.Item name="subject" label={t('tickets.subject')} rules={rulesOf('subject', t('tickets.subject'))}>
          <Input maxLength={200} data-testid="ticket-new-subject" />
        </Form.Item>
        <Form.Item name="message" label={t('tickets.message')} rules={rulesOf('message', t('tickets.message'))}>
          <Input.TextArea autoSize={{ minRows: 4, maxRows: 12 }} maxLength={5000} data-testid="ticket-new-message" />
        </Form.Item>
        <Form.Item name="files" label={t('tickets.files')}>
          <FilesInput />
        </Form.Item>
      </Form>
    </Modal>
  );
}

/**
 * The tickets of one outbound order, for its detail screen (issue 7 §5): newest first, each opening
 * the conversation drawer, and "New ticket". Merchants reach their tickets here only.
 */
export function OrderTickets({ orderId }: { orderId: number }) {
  const { t } = useTranslation();
  const can = useCan();
  const [rows, setRows] = useState<TicketRow[] | null>(null);
  const [open, setOpen] = useState<number | null>(null);
  const [creating, setCreating] = useState(false);
  const load = useCallback(
    () =>
      ticketsApi.byOrder(orderId).then(
        (r) => setRows(r),
        () => setRows([]),
      ),
    [orderId],
  );
  useEffect(() => {
    void load();
  }, [load]);

  return (
    <div data-testid="order-tickets">
      {can('p11y.tickets.edit') && (
        <Button icon={<PlusOutlined />} onClick={() => setCreating(true)} style={{ marginBottom: 8 }} data-testid="ticket-new">
          {t('tickets.new')}
        </Button>
      )}
      {rows === null ? (
        <Spin style={{ display: 'block', margin: '24px auto' }} />
      ) : rows.length === 0 ? (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('tickets.none')} />
      ) : (
        rows.map((row) => (
          <div key={row.id} style={{ padding: '8px 0', borderBottom: '1px solid var(--ant-color-split, #f0f0f0)' }} data-testid="order-ticket">
            <Space size={8} wrap>
              <Typography.Link strong onClick={() => setOpen(row.id)} data-testid="order-ticket-open">
                <DocNo>{row.unid}</DocNo>
              </Typography.Link>
              <StateTag machine={TICKET} code={row.status} />
              <Typography.Text>{row.subject}</Typography.Text>
            </Space>
            <div>
              <Typography.Text type="secondary">
                {t('tickets.summary', { count: row.messageCount, side: t(`tickets.side.${row.lastSide}`), at: formatDateTime(row.lastMessageAt) })}
              </Typography.Text>
            </div>
          </div>
        ))
      )}
      <NewTicketModal
        orderId={orderId}
        open={creating}
        onClose={() => setCreating(false)}
        onCreated={(id) => {
          setCreating(false);
          void load();
          setOpen(id);
        }}
      />
      <TicketDrawer id={open} onClose={() => setOpen(null)} onChanged={() => void load()} />
    </div>
  );
}
