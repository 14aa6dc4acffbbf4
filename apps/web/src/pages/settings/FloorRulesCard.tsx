import { manifestRulesSchema } from '@kontor/contracts/domains/manifests';
import { trackingRulesSchema } from '@kontor/contracts/domains/tracking';
import { useQuery } from '@tanstack/react-query';
import { Button, Card, Col, Form, Input, InputNumber, Row, Skeleton } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { newKey } from '../../api/idempotency-key.js';
import { invalidateDomains } from '../../api/query-client.js';
import { useSchemaRules } from '../../forms/schema-rules.js';
import { useCan } from '../../masks/can.js';
import { notify } from '../../notify/queue.js';
import { floorRulesApi } from './floor-rules-api.js';

interface Values {
  cutoff: string;
  finishAfterDays: number;
  perCarrierPerPoll: number;
  perCarrierPerSecond: number;
}

const TRACKING_FIELDS = ['finishAfterDays', 'perCarrierPerPoll', 'perCarrierPerSecond'] as const;

/**
 * The floor's company rules on `/settings/list` (issue 19 items 4–6): the manifest cut-off
 * (`manifests.rules`), the days after delivery before an order finishes and the tracking poll's pace
 * (`tracking.rules`). Stored as the settings of those keys, so the list below shows the same rows.
 */
export function FloorRulesCard() {
  const { t } = useTranslation();
  const canEdit = useCan()('sys.settings.edit');
  const [form] = Form.useForm<Values>();
  const [saving, setSaving] = useState(false);
  // The stored rules have defaults, but the card always saves every field: each is required here.
  const trackingRules = useSchemaRules(trackingRulesSchema);
  const manifestRules = useSchemaRules(manifestRulesSchema);
  const manifests = useQuery({ queryKey: ['mask-lists', 'floor-rules', 'manifests.rules'], queryFn: () => floorRulesApi.read('manifests.rules') });
  const tracking = useQuery({ queryKey: ['mask-lists', 'floor-rules', 'tracking.rules'], queryFn: () => floorRulesApi.read('tracking.rules') });

  useEffect(() => {
    if (!manifests.data || !tracking.data) return;
    form.setFieldsValue({
      ...manifestRulesSchema.catch({ cutoff: '18:00' }).parse(manifests.data.value),
      ...trackingRulesSchema.catch(trackingRulesSchema.parse({})).parse(tracking.data.value),
    });
  }, [manifests.data, tracking.data, form]);

  if (!manifests.data || !tracking.data) return <Skeleton active data-testid="floor-rules-loading" />;

  const save = async (values: Values) => {
    setSaving(true);
    try {
      await floorRulesApi.save(
        'manifests.rules',
        { ...manifests.data.value, cutoff: values.cutoff.trim() },
        manifests.data.row,
        t('floorRules.cutoff'),
        newKey(),
      );
      const pace = Object.fromEntries(TRACKING_FIELDS.map((f) => [f, values[f]]));
      await floorRulesApi.save('tracking.rules', { ...tracking.data.value, ...pace }, tracking.data.row, t('floorRules.trackingDescription'), newKey());
      notify((n) => n.success(t('floorRules.saved')));
    } finally {
      setSaving(false);
      await invalidateDomains('mask-lists');
    }
  };

  const number = (field: (typeof TRACKING_FIELDS)[number]) => (
    <Col xs={24} sm={12} lg={6} key={field}>
      <Form.Item
        name={field}
        label={t(`floorRules.${field}`)}
        extra={t(`floorRules.${field}Help`)}
        rules={trackingRules(field, t(`floorRules.${field}`), { required: true, messages: { invalid: t(`floorRules.${field}Rule`) } })}
      >
        <InputNumber style={{ width: '100%' }} precision={0} disabled={!canEdit} data-testid={`floor-rules-${field}`} />
      </Form.Item>
    </Col>
  );

  return (
    <Card size="small" title={t('floorRules.title')} data-testid="floor-rules" style={{ marginBottom: 12 }}>
      <Form form={form} layout="vertical" onFinish={(values) => void save(values)} disabled={!canEdit}>
        <Row gutter={12}>
          <Col xs={24} sm={12} lg={6}>
            <Form.Item
              name="cutoff"
              label={t('floorRules.cutoff')}
              extra={t('floorRules.cutoffHelp')}
              rules={manifestRules('cutoff', t('floorRules.cutoff'), { required: true, messages: { invalid: t('floorRules.cutoffRule') } })}
            >
              <Input placeholder="18:00" maxLength={5} data-testid="floor-rules-cutoff" />
            </Form.Item>
          </Col>
          {TRACKING_FIELDS.map(number)}
        </Row>
        {canEdit && (
          <Button type="primary" htmlType="submit" loading={saving} data-testid="floor-rules-save">
            {t('floorRules.save')}
          </Button>
        )}
      </Form>
    </Card>
  );
}
