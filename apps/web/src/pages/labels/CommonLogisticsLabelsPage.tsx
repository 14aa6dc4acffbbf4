import { FilePdfOutlined, TagsOutlined } from '@ant-design/icons';
import {
  LABEL_LANGUAGES,
  LOGISTICS_LABEL_KINDS,
  LOGISTICS_LABEL_SIZES,
  type LogisticsLabelInput,
  type LogisticsLabelKind,
} from '@kontor/contracts/domains/labels';
import { Alert, Button, Form, InputNumber, Radio, Select, Space } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useMerchants } from '../../api/lookups.js';
import { notify } from '../../notify/queue.js';
import { fieldStatus, useLabelPdf } from './label-pdf.js';
import { LabelToolCard } from './LabelToolCard.js';

type Language = (typeof LABEL_LANGUAGES)[number];
type Size = (typeof LOGISTICS_LABEL_SIZES)[number];

/**
 * `/tools/commonLogisticsLabels` (issue 17 item 6): fragile, this side up, heavy, do not stack, pallet
 * and merchant labels in English, Chinese or German, as one PDF of `copies` pages in the PDF viewer.
 */
export default function CommonLogisticsLabelsPage() {
  const { t, i18n } = useTranslation();
  const merchants = useMerchants();
  const [kind, setKind] = useState<LogisticsLabelKind>('fragile');
  const [language, setLanguage] = useState<Language>((LABEL_LANGUAGES as readonly string[]).includes(i18n.language) ? (i18n.language as Language) : 'en');
  const [copies, setCopies] = useState(1);
  const [size, setSize] = useState<Size>('100x150');
  const [merchantId, setMerchantId] = useState<number | undefined>();
  const [weightKg, setWeightKg] = useState<number | null>(null);
  const labelOf = (field: string) =>
    ({
      kind: t('logisticsTool.kind'),
      language: t('logisticsTool.language'),
      copies: t('logisticsTool.copies'),
      merchantId: t('logisticsTool.merchant'),
      weightKg: t('logisticsTool.weight'),
    })[field];
  const { busy, errors, generate } = useLabelPdf(labelOf, (field) => field);
  const body: LogisticsLabelInput = {
    kind,
    language,
    copies,
    size,
    ...(merchantId ? { merchantId } : {}),
    ...(kind === 'heavy' && weightKg ? { weightKg } : {}),
  };

  return (
    <LabelToolCard testId="common-logistics-labels" icon={<TagsOutlined />} title={t('logisticsTool.title')} help={t('logisticsTool.help')}>
      <Form layout="vertical" style={{ marginBottom: 0 }}>
        <Form.Item label={t('logisticsTool.kind')} {...fieldStatus(errors, 'kind')}>
          <Radio.Group value={kind} onChange={(e) => setKind(e.target.value as LogisticsLabelKind)} data-testid="ll-kind">
            {LOGISTICS_LABEL_KINDS.map((k) => (
              <Radio.Button key={k} value={k} data-testid={`ll-kind-${k}`}>
                {t(`logisticsTool.kinds.${k}`)}
              </Radio.Button>
            ))}
          </Radio.Group>
        </Form.Item>
        <Space wrap size="large" align="start">
          <Form.Item label={t('logisticsTool.language')} {...fieldStatus(errors, 'language')}>
            <Radio.Group value={language} onChange={(e) => setLanguage(e.target.value as Language)} data-testid="ll-language">
              {LABEL_LANGUAGES.map((l) => (
                <Radio.Button key={l} value={l}>
                  {t(`logisticsTool.languages.${l}`)}
                </Radio.Button>
              ))}
            </Radio.Group>
          </Form.Item>
          <Form.Item label={t('logisticsTool.size')}>
            <Select
              value={size}
              onChange={setSize}
              options={LOGISTICS_LABEL_SIZES.map((s) => ({ value: s, label: t(`logisticsTool.sizes.${s}`) }))}
              style={{ width: 240 }}
            />
          </Form.Item>
          <Form.Item label={t('logisticsTool.copies')} {...fieldStatus(errors, 'copies')}>
            <InputNumber min={1} max={500} value={copies} onChange={(v) => setCopies(v ?? 1)} data-testid="ll-copies" />
          </Form.Item>
        </Space>
        <Space wrap size="large" align="start">
          <Form.Item label={t('logisticsTool.merchant')} extra={t('logisticsTool.merchantHelp')} {...fieldStatus(errors, 'merchantId')}>
            <Select
              allowClear
              showSearch
              optionFilterProp="label"
              value={merchantId}
              onChange={setMerchantId}
              options={merchants.map((m) => ({ value: m.id, label: `${m.code} · ${m.name}` }))}
              style={{ width: 320 }}
              data-testid="ll-merchant"
            />
          </Form.Item>
          {kind === 'heavy' && (
            <Form.Item label={t('logisticsTool.weight')} {...fieldStatus(errors, 'weightKg')}>
              <InputNumber min={0.1} max={10000} value={weightKg} onChange={setWeightKg} data-testid="ll-weight" />
            </Form.Item>
          )}
        </Space>
      </Form>
      {errors._ && <Alert type="error" showIcon message={errors._} data-testid="ll-error" />}
      <Button
        type="primary"
        icon={<FilePdfOutlined />}
        loading={busy}
        onClick={() =>
          void generate({ url: '/v0/labels/logistics', method: 'POST', data: body }, `label-${kind}.pdf`, (file) => {
            // No Chinese font on the server: the label came in English, and the user is told so.
            if (file.language && file.language !== language) notify((n) => n.info(t('logisticsTool.fellBack')));
          })
        }
        data-testid="ll-generate"
      >
        {t('logisticsTool.generate')}
      </Button>
    </LabelToolCard>
  );
}
