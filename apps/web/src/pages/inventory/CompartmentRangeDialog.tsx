import { COMPARTMENT_RANGE_MAX, compartmentCode, rangeCount } from '@kontor/contracts/compartment-range';
import { compartmentRangeSchema } from '@kontor/contracts/domains/labels';
import { COMPARTMENT_KINDS } from '@kontor/contracts/domains/settings';
import { Alert, Button, Col, Form, InputNumber, Input, Modal, Row, Select, Space, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { fetchFile } from '../../api/download.js';
import { ApiError } from '../../api/errors.js';
import { newKey } from '../../api/idempotency-key.js';
import { useWarehouses } from '../../api/lookups.js';
import { invalidateDomains } from '../../api/query-client.js';
import { api } from '../../api/request.js';
import { useSchemaRules } from '../../forms/schema-rules.js';
import { notify } from '../../notify/queue.js';

interface Values {
  warehouseId?: number;
  zone: string;
  aisles: { from: number; to: number };
  levels: { from: number; to: number };
  positions: { from: number; to: number };
  digits: number;
  kind: string;
  priority: number;
  priorityStep: number;
}

const INITIAL: Values = {
  zone: 'A',
  aisles: { from: 1, to: 1 },
  levels: { from: 1, to: 1 },
  positions: { from: 1, to: 1 },
  digits: 2,
  kind: 'pick',
  priority: 100,
  priorityStep: 1,
};

/**
 * Creates a compartment range (issue 17 item 9): zone, aisles, levels and positions from–to, previewed as
 * the count and first and last code before asking (the server checks which exist), then created and
 * its labels opened as one PDF in the PDF viewer.
 */
export function CompartmentRangeDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const warehouses = useWarehouses();
  const [form] = Form.useForm<Values>();
  const rulesOf = useSchemaRules(compartmentRangeSchema);
  // Every range's bounds are alike: the aisles' schema checks each.
  const boundRules = useSchemaRules(compartmentRangeSchema.shape.aisles);
  const values = (Form.useWatch([], form) as Values | undefined) ?? INITIAL;
  const [existing, setExisting] = useState<number | null>(null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const ok = (b?: { from?: number | null; to?: number | null }) => typeof b?.from === 'number' && typeof b?.to === 'number';
  const complete = ok(values.aisles) && ok(values.levels) && ok(values.positions);
  const count = complete ? rangeCount(values) : 0;
  const code = (a: number, l: number, p: number) => compartmentCode((values.zone ?? '').toUpperCase(), values.digits ?? 2, a, l, p);
  const body = () => ({ ...values, zone: (values.zone ?? '').toUpperCase() });

  const run = async (what: 'preview' | 'create') => {
    setBusy(true);
    setError(null);
    try {
      if (what === 'preview') {
        const preview = await api('POST /v0/compartments/range/preview', { data: body(), quiet: true });
        setExisting(preview.existing);
        return;
      }
      const made = await api('POST /v0/compartments/range', { data: body(), quiet: true, idempotencyKey: newKey() });
      notify((n) => n.success(t('compartmentRange.created', { created: made.created.length, skipped: made.skipped })));
      await invalidateDomains('mask-lists');
      if (made.created.length === 0) return onClose();
      const file = await fetchFile(
        { url: '/v0/labels/compartments', method: 'POST', data: { ids: made.created.map((c) => c.id) }, quiet: true },
        'compartment-labels.pdf',
      );
      // The screen stays open in its tab: close the dialog before the viewer opens.
      onClose();
      navigate(`/pdfViewer?${new URLSearchParams({ url: file.url, name: file.name }).toString()}`);
    } catch (err) {
      if (!(err instanceof ApiError)) throw err;
      setError([err.message, ...err.problems.map((p) => p.message)].filter(Boolean).join(' '));
    } finally {
      setBusy(false);
    }
  };

  const bounds = (name: 'aisles' | 'levels' | 'positions') => (
    <Form.Item label={t(`compartmentRange.${name}`)} required style={{ marginBottom: 12 }}>
      <Space.Compact block>
        <Form.Item name={[name, 'from']} noStyle rules={boundRules('from', t(`compartmentRange.${name}`))}>
          <InputNumber min={0} max={9999} placeholder={t('compartmentRange.from')} style={{ width: '50%' }} data-testid={`range-${name}-from`} />
        </Form.Item>
        <Form.Item name={[name, 'to']} noStyle rules={boundRules('to', t(`compartmentRange.${name}`))}>
          <InputNumber min={0} max={9999} placeholder={t('compartmentRange.to')} style={{ width: '50%' }} data-testid={`range-${name}-to`} />
        </Form.Item>
      </Space.Compact>
    </Form.Item>
  );

  return (
    <Modal
      open={open}
      title={t('compartmentRange.title')}
      onCancel={onClose}
      destroyOnHidden
      footer={
        <Space wrap>
          <Button onClick={() => void run('preview')} disabled={!complete || !values.warehouseId || count > COMPARTMENT_RANGE_MAX} loading={busy}>
            {t('compartmentRange.check')}
          </Button>
          <Button
            type="primary"
            onClick={() =>
              void form.validateFields().then(
                () => run('create'),
                () => undefined,
              )
            }
            disabled={!complete || count === 0 || count > COMPARTMENT_RANGE_MAX}
            loading={busy}
            data-testid="range-create"
          >
            {t('compartmentRange.create')}
          </Button>
        </Space>
      }
    >
      <Form form={form} layout="vertical" initialValues={INITIAL} onValuesChange={() => setExisting(null)} data-testid="range-form">
        <Row gutter={12}>
          <Col xs={24} md={14}>
            <Form.Item name="warehouseId" label={t('compartmentRange.warehouse')} rules={rulesOf('warehouseId', t('compartmentRange.warehouse'))}>
              <Select options={warehouses.map((w) => ({ value: w.id, label: `${w.code} · ${w.name}` }))} data-testid="range-warehouse" />
            </Form.Item>
          </Col>
          <Col xs={12} md={5}>
            <Form.Item name="zone" label={t('compartmentRange.zone')} rules={rulesOf('zone', t('compartmentRange.zone'))}>
              <Input maxLength={6} data-testid="range-zone" />
            </Form.Item>
          </Col>
          <Col xs={12} md={5}>
            <Form.Item name="digits" label={t('compartmentRange.digits')}>
              <InputNumber min={1} max={4} style={{ width: '100%' }} />
            </Form.Item>
          </Col>
          <Col xs={24} md={8}>
            {bounds('aisles')}
          </Col>
          <Col xs={24} md={8}>
            {bounds('levels')}
          </Col>
          <Col xs={24} md={8}>
            {bounds('positions')}
          </Col>
          <Col xs={24} md={8}>
            <Form.Item name="kind" label={t('compartmentRange.kind')}>
              <Select options={COMPARTMENT_KINDS.map((k) => ({ value: k, label: t(`compartmentRange.kinds.${k}`) }))} />
            </Form.Item>
          </Col>
          <Col xs={12} md={8}>
            <Form.Item name="priority" label={t('compartmentRange.priority')}>
              <InputNumber min={0} max={100000} style={{ width: '100%' }} />
            </Form.Item>
          </Col>
          <Col xs={12} md={8}>
            <Form.Item name="priorityStep" label={t('compartmentRange.priorityStep')}>
              <InputNumber min={0} max={100} style={{ width: '100%' }} />
            </Form.Item>
          </Col>
        </Row>
      </Form>
      {complete && count > 0 && (
        <Alert
          type={count > COMPARTMENT_RANGE_MAX ? 'error' : 'info'}
          showIcon
          data-testid="range-preview"
          title={
            count > COMPARTMENT_RANGE_MAX
              ? t('compartmentRange.tooMany', { count, max: COMPARTMENT_RANGE_MAX })
              : t('compartmentRange.preview', {
                  count,
                  first: code(values.aisles.from, values.levels.from, values.positions.from),
                  last: code(values.aisles.to, values.levels.to, values.positions.to),
                })
          }
          description={existing ? t('compartmentRange.existing', { existing }) : undefined}
        />
      )}
      {error && (
        <Typography.Paragraph type="danger" style={{ marginTop: 8 }} data-testid="range-error">
          {error}
        </Typography.Paragraph>
      )}
    </Modal>
  );
}
