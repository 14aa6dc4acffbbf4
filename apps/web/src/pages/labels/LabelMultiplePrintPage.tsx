import { BarcodeOutlined, FilePdfOutlined } from '@ant-design/icons';
import {
  BARCODE_SHEET_SIZES,
  LABEL_MAX_PER_REQUEST,
  LABEL_SYMBOLOGIES,
  SYMBOLOGY_NAMES,
  type BarcodeSheetInput,
  type LabelSymbology,
} from '@kontor/contracts/domains/labels';
import { Alert, Button, Checkbox, Form, Input, InputNumber, Radio, Select, Space, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { fieldStatus, useLabelPdf } from './label-pdf.js';
import { LabelToolCard } from './LabelToolCard.js';

type Source = 'list' | 'range';
type Size = (typeof BARCODE_SHEET_SIZES)[number];

const valuesOf = (text: string) =>
  text
    .split(/\r?\n/)
    .map((v) => v.trim())
    .filter(Boolean);
const ranged = (n: number, prefix: string, padding: number, suffix: string) => `${prefix}${String(n).padStart(padding, '0')}${suffix}`;

/**
 * `/tools/labelMultiplePrint` (issue 17 item 6): the barcode generator. A list of values or a numeric
 * range with prefix and padding, a symbology, a label size and copies make one PDF, opened in the
 * PDF viewer for printing. The server checks every value and the cap; its field errors show here.
 */
export default function LabelMultiplePrintPage() {
  const { t } = useTranslation();
  const [symbology, setSymbology] = useState<LabelSymbology>('code128');
  const [source, setSource] = useState<Source>('list');
  const [text, setText] = useState('');
  const [range, setRange] = useState({ from: 1, to: 24, prefix: '', suffix: '', padding: 0 });
  const [size, setSize] = useState<Size>('100x50');
  const [copies, setCopies] = useState(1);
  const [showText, setShowText] = useState(true);
  const labelOf = (field: string) =>
    ({
      symbology: t('barcodeTool.symbology'),
      values: t('barcodeTool.values'),
      range: t('barcodeTool.range'),
      copies: t('barcodeTool.copies'),
      size: t('barcodeTool.size'),
    })[field.split('.')[0]!];
  const { busy, errors, generate } = useLabelPdf(labelOf, (field) => (field.startsWith('range') ? 'range' : field.startsWith('values') ? 'values' : field));

  const values = valuesOf(text);
  const count = (source === 'list' ? values.length : Math.max(0, range.to - range.from + 1)) * copies;
  const tooMany = count > LABEL_MAX_PER_REQUEST;
  const body: BarcodeSheetInput = source === 'list' ? { symbology, values, size, copies, showText } : { symbology, range, size, copies, showText };

  return (
    <LabelToolCard testId="label-multiple-print" icon={<BarcodeOutlined />} title={t('barcodeTool.title')} help={t('barcodeTool.help')}>
      <Form layout="vertical" style={{ marginBottom: 0 }}>
        <Form.Item label={t('barcodeTool.symbology')} {...fieldStatus(errors, 'symbology')}>
          <Select
            value={symbology}
            onChange={setSymbology}
            options={LABEL_SYMBOLOGIES.map((s) => ({ value: s, label: SYMBOLOGY_NAMES[s] }))}
            style={{ maxWidth: 320 }}
            data-testid="bc-symbology"
          />
        </Form.Item>
        <Form.Item label={t('barcodeTool.source')}>
          <Radio.Group value={source} onChange={(e) => setSource(e.target.value as Source)} data-testid="bc-source">
            <Radio.Button value="list">{t('barcodeTool.list')}</Radio.Button>
            <Radio.Button value="range">{t('barcodeTool.range')}</Radio.Button>
          </Radio.Group>
        </Form.Item>
        {source === 'list' ? (
          <Form.Item label={t('barcodeTool.values')} extra={t('barcodeTool.valuesHelp')} {...fieldStatus(errors, 'values')}>
            <Input.TextArea
              value={text}
              onChange={(e) => setText(e.target.value)}
              rows={8}
              placeholder={t('barcodeTool.valuesPlaceholder')}
              data-testid="bc-values"
            />
          </Form.Item>
        ) : (
          <Form.Item
            label={t('barcodeTool.range')}
            {...fieldStatus(errors, 'range')}
            extra={t('barcodeTool.preview', {
              first: ranged(range.from, range.prefix, range.padding, range.suffix),
              last: ranged(range.to, range.prefix, range.padding, range.suffix),
            })}
          >
            <Space wrap>
              <Input
                addonBefore={t('barcodeTool.prefix')}
                value={range.prefix}
                onChange={(e) => setRange({ ...range, prefix: e.target.value })}
                style={{ width: 180 }}
                data-testid="bc-prefix"
              />
              <InputNumber
                addonBefore={t('barcodeTool.from')}
                min={0}
                value={range.from}
                onChange={(v) => setRange({ ...range, from: v ?? 0 })}
                data-testid="bc-from"
              />
              <InputNumber
                addonBefore={t('barcodeTool.to')}
                min={0}
                value={range.to}
                onChange={(v) => setRange({ ...range, to: v ?? 0 })}
                data-testid="bc-to"
              />
              <InputNumber
                addonBefore={t('barcodeTool.padding')}
                min={0}
                max={20}
                value={range.padding}
                onChange={(v) => setRange({ ...range, padding: v ?? 0 })}
                data-testid="bc-padding"
              />
              <Input
                addonBefore={t('barcodeTool.suffix')}
                value={range.suffix}
                onChange={(e) => setRange({ ...range, suffix: e.target.value })}
                style={{ width: 180 }}
                data-testid="bc-suffix"
              />
            </Space>
          </Form.Item>
        )}
        <Space wrap size="large" align="start">
          <Form.Item label={t('barcodeTool.size')} {...fieldStatus(errors, 'size')}>
            <Select
              value={size}
              onChange={setSize}
              options={BARCODE_SHEET_SIZES.map((s) => ({ value: s, label: s === 'a4' ? t('barcodeTool.sizeA4') : `${s.replace('x', ' × ')} mm` }))}
              style={{ width: 280 }}
              data-testid="bc-size"
            />
          </Form.Item>
          <Form.Item label={t('barcodeTool.copies')} {...fieldStatus(errors, 'copies')}>
            <InputNumber min={1} max={100} value={copies} onChange={(v) => setCopies(v ?? 1)} data-testid="bc-copies" />
          </Form.Item>
        </Space>
        <Form.Item style={{ marginBottom: 0 }}>
          <Checkbox checked={showText} onChange={(e) => setShowText(e.target.checked)}>
            {t('barcodeTool.showText')}
          </Checkbox>
        </Form.Item>
      </Form>
      {errors._ && <Alert type="error" showIcon message={errors._} data-testid="bc-error" />}
      <Space wrap align="center">
        <Button
          type="primary"
          icon={<FilePdfOutlined />}
          loading={busy}
          disabled={count === 0 || tooMany}
          onClick={() => void generate({ url: '/v0/labels/barcodes', method: 'POST', data: body }, 'barcodes.pdf')}
          data-testid="bc-generate"
        >
          {t('barcodeTool.generate')}
        </Button>
        <Typography.Text type={tooMany ? 'danger' : 'secondary'} data-testid="bc-count">
          {tooMany ? t('barcodeTool.tooMany', { max: LABEL_MAX_PER_REQUEST }) : t('barcodeTool.count', { count })}
        </Typography.Text>
      </Space>
    </LabelToolCard>
  );
}
