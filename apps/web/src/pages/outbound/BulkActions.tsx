import { DownOutlined, ExportOutlined } from '@ant-design/icons';
import { CARRIERS, outboundBulkSchema, type BulkAction, type BulkOutcome } from '@kontor/contracts/domains/outbound';
import { Alert, Button, Dropdown, Form, Input, List, Modal, Select, Space, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { toQuery } from '../../api/request.js';
import { useSchemaRules } from '../../forms/schema-rules.js';
import { useCan } from '../../masks/can.js';
import { notify } from '../../notify/queue.js';
import { outboundApi, type BulkRequest, type OutboundOrderRow, type OutboundView } from './outbound-api.js';
import { DocNo } from '../../components/DocNo.js';

/** Who may do what (issue 7 §4): merchants and office staff change their orders, managers decide. */
const EDIT_ACTIONS: BulkAction[] = ['hold', 'release', 'standby', 'updateStatus', 'requestCancel', 'delete'];
const MANAGE_ACTIONS: BulkAction[] = ['cancel', 'changeCarrier'];
/** Actions that ask why: the reason and note go to each order's history. */
const WITH_REASON: BulkAction[] = ['hold', 'standby', 'requestCancel', 'cancel', 'delete'];
const DANGER: BulkAction[] = ['cancel', 'delete'];

/** The dialog's fields: those of the bulk request besides the orders and the action. */
type Values = Omit<BulkRequest, 'ids' | 'action'>;

interface Props {
  view: OutboundView;
  selected: OutboundOrderRow[];
  /** The list's filters, handed to the export screen. */
  filters: Record<string, unknown>;
  /** An action ran: the selection clears and the list and counts reload. */
  onDone(): void;
}

/** The actions offered for this view and session; the server checks each order again. */
export function useBulkActions(view: OutboundView): BulkAction[] {
  const can = useCan();
  if (view === 'deleted') return can('p11y.orders.edit') ? ['restore'] : [];
  return [...(can('p11y.orders.edit') ? EDIT_ACTIONS : []), ...(can('p11y.orders.manage') ? MANAGE_ACTIONS : [])];
}

/**
 * The bar above a list for the selected orders (issue 7 §4). Each order answers on its own; the refused
 * ones are listed with the server's reason, so one order in the wrong state does not hide the others.
 */
export function BulkActions({ view, selected, filters, onDone }: Props) {
  const { t } = useTranslation();
  const can = useCan();
  const navigate = useNavigate();
  const actions = useBulkActions(view);
  const [form] = Form.useForm<Values>();
  const rulesOf = useSchemaRules(outboundBulkSchema);
  const [action, setAction] = useState<BulkAction | null>(null);
  const [busy, setBusy] = useState(false);
  const [refused, setRefused] = useState<Array<BulkOutcome & { unid: string }> | null>(null);

  const run = async (values: Values) => {
    if (!action) return;
    setBusy(true);
    try {
      const ids = selected.map((r) => r.id);
      const extra = action === 'changeCarrier' ? { carrier: values.carrier ?? '', carrierService: values.carrierService?.trim() ?? '' } : {};
      const { results } = await outboundApi.bulk({ ids, action, reason: values.reason?.trim() ?? '', note: values.note?.trim() ?? '', ...extra });
      const done = results.filter((r) => r.ok).length;
      const unid = new Map(selected.map((r) => [r.id, r.unid]));
      const failed = results.filter((r) => !r.ok).map((r) => ({ ...r, unid: unid.get(r.id) ?? String(r.id) }));
      setAction(null);
      if (done) notify((n) => n.success(t('outbound.bulk.done', { count: done })));
      if (failed.length) setRefused(failed);
      onDone();
    } finally {
      setBusy(false);
    }
  };

  const start = (next: BulkAction) => {
    form.resetFields();
    setAction(next);
  };
  const exportList = () => navigate(`/tools/outboundExport${toQuery({ view, ...filters })}`);

  return (
    <>
      <Space wrap size={[8, 8]} data-testid="outbound-bulk">
        {actions.length > 0 && (
          <Dropdown
            disabled={!selected.length}
            trigger={['click']}
            menu={{
              items: actions.map((a) => ({ key: a, label: t(`outbound.bulk.actions.${a}`), danger: DANGER.includes(a), 'data-testid': `outbound-bulk-${a}` })),
              onClick: ({ key }) => start(key as BulkAction),
            }}
          >
            <Button data-testid="outbound-bulk-menu">
              <Space>
                {selected.length ? t('outbound.bulk.withSelected', { count: selected.length }) : t('outbound.bulk.selectFirst')}
                <DownOutlined />
              </Space>
            </Button>
          </Dropdown>
        )}
        {can('tools.outboundExport.view') && (
          <Button icon={<ExportOutlined />} onClick={exportList} data-testid="outbound-export">
            {t('mask.export')}
          </Button>
        )}
      </Space>
      <Modal
        open={action !== null}
        title={action ? t(`outbound.bulk.actions.${action}`) : ''}
        okText={t('common.ok')}
        cancelText={t('common.cancel')}
        okButtonProps={{ danger: !!action && DANGER.includes(action), loading: busy, 'data-testid': 'outbound-bulk-ok' }}
        onOk={() => form.submit()}
        onCancel={() => setAction(null)}
        destroyOnHidden
      >
        <Typography.Paragraph>{t('outbound.bulk.confirm', { count: selected.length })}</Typography.Paragraph>
        <Form<Values> form={form} layout="vertical" onFinish={(v) => void run(v).catch(() => undefined)} data-testid="outbound-bulk-form">
          {action === 'changeCarrier' && (
            <>
              <Form.Item name="carrier" label={t('outbound.carrier')} rules={rulesOf('carrier', t('outbound.carrier'), { required: true })}>
                <Select options={CARRIERS.map((c) => ({ value: c, label: c }))} data-testid="outbound-bulk-carrier" />
              </Form.Item>
              <Form.Item name="carrierService" label={t('outbound.carrierService')}>
                <Input maxLength={40} />
              </Form.Item>
            </>
          )}
          {action && WITH_REASON.includes(action) && (
            <>
              <Form.Item name="reason" label={t('outbound.reason')}>
                <Input maxLength={200} data-testid="outbound-bulk-reason" />
              </Form.Item>
              <Form.Item name="note" label={t('outbound.note')}>
                <Input.TextArea maxLength={1000} autoSize={{ minRows: 2, maxRows: 4 }} />
              </Form.Item>
            </>
          )}
        </Form>
      </Modal>
      <Modal
        open={refused !== null}
        title={t('outbound.bulk.refusedTitle', { count: refused?.length ?? 0 })}
        onCancel={() => setRefused(null)}
        footer={<Button onClick={() => setRefused(null)}>{t('common.ok')}</Button>}
      >
        <Alert type="warning" showIcon title={t('outbound.bulk.refusedHint')} style={{ marginBottom: 12 }} />
        <List
          size="small"
          dataSource={refused ?? []}
          data-testid="outbound-bulk-refused"
          renderItem={(r) => (
            <List.Item>
              <Space orientation="vertical" size={0}>
                <strong>
                  <DocNo>{r.unid}</DocNo>
                </strong>
                <Typography.Text type="danger">{r.message || (r.code ? t(`error.${r.code}`, { defaultValue: r.code }) : t('error.common'))}</Typography.Text>
              </Space>
            </List.Item>
          )}
        />
      </Modal>
    </>
  );
}
