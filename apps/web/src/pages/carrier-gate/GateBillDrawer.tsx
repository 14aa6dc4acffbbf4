import { GATE_BILL } from '@kontor/contracts/status/gate-bill';
import { Button, Descriptions, Drawer, Popconfirm, Space, Table } from 'antd';
import { useTranslation } from 'react-i18next';
import { useLayout } from '../../layout/store.js';
import { invalidateDomains } from '../../api/query-client.js';
import { useRecordQuery } from '../../api/use-record-query.js';
import { StateTag } from '../../components/StateTag.js';
import { formatDateTime, formatMoney } from '../../lib/format.js';
import { useCan } from '../../masks/can.js';
import { fromCents, gateApi, type GateBillDetail } from './gate-api.js';

type Line = GateBillDetail['lines'][number];

/** One bill: totals, its label lines, issue (draft only), CSV and PDF. */
export function GateBillDrawer({ id, onClose }: { id: number | null; onClose: () => void }) {
  const { t, i18n } = useTranslation();
  const canEdit = useCan()('c5r.bills.edit');
  const mobile = useLayout((s) => s.device === 'mobile');
  const { detail, load } = useRecordQuery('gate-bills', id, gateApi.bill, onClose);
  const bill = detail && detail.id === id ? detail : null;
  const money = (cents: number) => formatMoney(fromCents(cents), bill?.currency, i18n.language);

  const issue = async () => {
    if (!bill) return;
    await gateApi.issue(bill.id);
    await Promise.all([invalidateDomains('gate-bills'), load(bill.id)]);
  };

  return (
    <Drawer
      open={id !== null}
      onClose={onClose}
      size="large"
      title={bill ? `${bill.company} · ${bill.period}` : ''}
      destroyOnHidden
      extra={
        bill && (
          <Space wrap>
            <Button onClick={() => void gateApi.csv(bill.id).catch(() => undefined)} data-testid="gate-bill-csv">
              {t('gate.bills.csv')}
            </Button>
            <Button onClick={() => void gateApi.pdf(bill.id).catch(() => undefined)} data-testid="gate-bill-pdf">
              {t('gate.bills.pdf')}
            </Button>
            {canEdit && GATE_BILL.can(bill.status, 'issued') && (
              <Popconfirm
                title={t('gate.bills.issueConfirm')}
                okButtonProps={{ ...({ 'data-testid': 'gate-bill-issue-ok' } as Record<string, string>) }}
                onConfirm={() => void issue().catch(() => undefined)}
              >
                <Button type="primary" data-testid="gate-bill-issue">
                  {t('gate.bills.issue')}
                </Button>
              </Popconfirm>
            )}
          </Space>
        )
      }
    >
      {bill && (
        <div data-testid="gate-bill-detail">
          <Descriptions size="small" column={{ xs: 1, md: 2 }} style={{ marginBottom: 16 }}>
            <Descriptions.Item label={t('gate.bills.status')}>
              <StateTag machine={GATE_BILL} code={bill.status} />
            </Descriptions.Item>
            <Descriptions.Item label={t('gate.bills.lines')}>{bill.lineCount}</Descriptions.Item>
            <Descriptions.Item label={t('gate.bills.cost')}>{money(bill.costMinor)}</Descriptions.Item>
            <Descriptions.Item label={t('gate.bills.margin')}>{money(bill.marginMinor)}</Descriptions.Item>
            <Descriptions.Item label={t('gate.bills.total')}>
              <strong data-testid="gate-bill-total">{money(bill.totalMinor)}</strong>
            </Descriptions.Item>
          </Descriptions>
          <Table<Line>
            rowKey="id"
            size="small"
            dataSource={bill.lines}
            pagination={false}
            scroll={{ x: 'max-content' }}
            columns={
              mobile
                ? [
                    {
                      key: 'line',
                      title: t('gate.trackingNumber'),
                      render: (_: unknown, l) => (
                        <div style={{ display: 'flex', flexDirection: 'column' }}>
                          <span>
                            {l.trackingNumber} · <strong>{money(l.amountMinor)}</strong>
                          </span>
                          <span style={{ opacity: 0.65 }}>
                            {formatDateTime(l.boughtAt)} · {l.product} · {money(l.costMinor)} + {money(l.marginMinor)}
                          </span>
                        </div>
                      ),
                    },
                  ]
                : [
                    { key: 'boughtAt', dataIndex: 'boughtAt', title: t('gate.bills.boughtAt'), render: formatDateTime },
                    { key: 'trackingNumber', dataIndex: 'trackingNumber', title: t('gate.trackingNumber') },
                    { key: 'product', title: t('gate.product'), render: (_: unknown, l) => `${l.carrier.toUpperCase()} ${l.product}` },
                    { key: 'reference', dataIndex: 'reference', title: t('gate.reference') },
                    { key: 'cost', title: t('gate.bills.cost'), align: 'right', render: (_: unknown, l) => money(l.costMinor) },
                    { key: 'margin', title: t('gate.bills.margin'), align: 'right', render: (_: unknown, l) => money(l.marginMinor) },
                    { key: 'amount', title: t('gate.bills.amount'), align: 'right', render: (_: unknown, l) => money(l.amountMinor) },
                  ]
            }
          />
        </div>
      )}
    </Drawer>
  );
}
