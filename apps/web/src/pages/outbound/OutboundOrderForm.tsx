import { outboundOrderCreateSchema } from '@kontor/contracts/domains/outbound';
import { Divider, Drawer, Form, Input, Select } from 'antd';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../api/errors.js';
import { problemText } from '../../api/field-errors.js';
import { useAuth } from '../../auth/store.js';
import { useSchemaRules } from '../../forms/schema-rules.js';
import { useLayout } from '../../layout/store.js';
import { notify } from '../../notify/queue.js';
import { lineComplete, LinesEditor, newLine, type LineDraft } from '../../components/LinesEditor.js';
import { itemWeight, useMerchants } from '../../api/lookups.js';
import { EMPTY_VALUES, fieldPath, linesTotals, toBody, toFormValues, type FormValues } from './form-values.js';
import { outboundLabel } from './field-labels.js';
import { outboundApi, type OutboundDetail } from './outbound-api.js';
import { AddressSections, NoteFields, ShippingFields, TaskFields } from './OrderFormFields.js';
import { WithDocNo } from '../../components/DocNo.js';
import { ConflictAlert, DrawerSaveButtons } from '../../components/FormDrawerParts.js';

/** Top-level names of the form's inputs, for placing the server's field errors. */
const KNOWN_FIELDS = [
  'merchantId',
  'warehouseId',
  'typeOfTask',
  'modeOfTransport',
  'priority',
  'pickupDate',
  'pickupFrom',
  'refOrderId',
  'unitQty',
  'weight',
  'rsd',
  'rad',
  'consignee',
  'consignor',
  'sender',
  'deliveryServices',
  'carrier',
  'carrierService',
  'shipNo',
  'retourNo',
  'batchNo',
  'boxQty',
  'pltQty',
  'dimensions',
  'parcels',
  'remark',
  'privateRemark',
  'importantNote',
  'relatedFiles',
];

interface Props {
  open: boolean;
  /** The order to change, or null for a new one. */
  detail: OutboundDetail | null;
  onClose(): void;
  onSaved(id: number): void;
  /** The order as stored now, after a conflict: the form shows it for the change to be made again. */
  onReloaded(detail: OutboundDetail): void;
}

/**
 * Create or change an outbound order (issue 7 §4): task, addresses, services, shipping, notes, files
 * and lines. Staff choose the merchant first; its items fill the lines. The server's field errors
 * appear at their inputs; a stale version answers Conflict and the form offers the stored order.
 */
export function OutboundOrderForm({ open, detail, onClose, onSaved, onReloaded }: Props) {
  const { t } = useTranslation();
  const user = useAuth((s) => s.user);
  const mobile = useLayout((s) => s.device === 'mobile');
  const merchants = useMerchants();
  const [form] = Form.useForm<FormValues>();
  const rulesOf = useSchemaRules(outboundOrderCreateSchema);
  const [saving, setSaving] = useState(false);
  const [conflictFor, setConflictFor] = useState<OutboundDetail | null>(null);
  const conflict = open && !!detail && conflictFor === detail;
  const staff = !user?.merchantId;
  const chooseMerchant = !detail && staff;
  const chosenMerchant = Form.useWatch('merchantId', form);
  const merchantId = detail?.order.merchantId ?? user?.merchantId ?? chosenMerchant;

  // Unit quantity and weight follow from the lines (issue 15 item 14): a field still empty or still
  // holding what the lines gave last time takes the new total; a value the user typed stays, and the
  // field warns when it disagrees with the lines.
  const watchedLines = Form.useWatch('lines', form);
  const [weights, setWeights] = useState<Record<number, number | null>>({});
  const followed = useRef<Partial<Record<'unitQty' | 'weight', number>>>({});
  const totals = linesTotals(watchedLines, weights);
  useEffect(() => {
    if (!open) return;
    form.resetFields();
    form.setFieldsValue(detail ? toFormValues(detail) : { ...EMPTY_VALUES, lines: [newLine()] });
    followed.current = {};
  }, [open, detail, form]);
  useEffect(() => {
    const missing = [
      ...new Set((watchedLines ?? []).filter((l) => l.itemId !== null && l.weight === undefined && !(l.itemId in weights)).map((l) => l.itemId!)),
    ];
    if (!missing.length) return;
    void Promise.all(missing.map(async (id) => [id, await itemWeight(id)] as const)).then((found) =>
      setWeights((w) => ({ ...w, ...Object.fromEntries(found) })),
    );
  }, [watchedLines, weights]);
  useEffect(() => {
    if (!open) return;
    const follow = (field: 'unitQty' | 'weight', value: number | null) => {
      if (value === null || value === 0) return;
      const current = form.getFieldValue(field) as number | null | undefined;
      if (current === null || current === undefined || current === followed.current[field]) form.setFieldValue(field, value);
      followed.current[field] = value;
    };
    follow('unitQty', totals.units);
    follow('weight', totals.weight);
  }, [open, form, totals.units, totals.weight]);

  const submit = async (values: FormValues) => {
    setSaving(true);
    try {
      const body = toBody(values, staff);
      if (detail) {
        // Lines go along only when changed: unchanged lines keep their reservations untouched.
        const { lines, ...header } = body;
        await outboundApi.update(detail.order.id, { ...header, ...(form.isFieldTouched('lines') ? { lines } : {}), version: detail.order.version });
        onSaved(detail.order.id);
      } else onSaved((await outboundApi.create({ ...body, merchantId: chooseMerchant ? values.merchantId : undefined })).id);
    } catch (err) {
      if (!(err instanceof ApiError)) throw err;
      if (err.code === 'Conflict') return setConflictFor(detail);
      showFieldErrors(err);
    } finally {
      setSaving(false);
    }
  };

  /** Each error at its input; errors of lines under the lines; anything else as a message. */
  const showFieldErrors = (err: ApiError) => {
    const placed: Array<{ name: Array<string | number>; errors: string[] }> = [];
    const lineErrors: string[] = [];
    const rest: string[] = [];
    // Worded with the field's label, never its path (issue 15 item 13).
    const labelOf = outboundLabel(t);
    for (const problem of err.problems) {
      const { field } = problem;
      const message = problemText(t, problem, labelOf);
      const path = fieldPath(field, KNOWN_FIELDS);
      if (path === 'lines') {
        const index = /^lines\.(\d+)/.exec(field)?.[1];
        lineErrors.push(index === undefined ? message : `${t('outbound.lineNo', { n: Number(index) + 1 })}: ${message}`);
      } else if (path) placed.push({ name: path, errors: [message] });
      else rest.push(message);
    }
    form.setFields(placed as never);
    if (lineErrors.length) form.setFields([{ name: 'lines', errors: lineErrors }]);
    if (!placed.length && !lineErrors.length) notify((n) => n.error(rest.join(' · ') || err.message));
    else if (placed[0]) form.scrollToField(placed[0].name as never, { block: 'center' });
  };

  const reload = async () => {
    if (detail) onReloaded(await outboundApi.detail(detail.order.id));
  };

  const validateLines = async (_: unknown, lines: LineDraft[] = []) => {
    const filled = lines.filter((l) => l.itemId !== null || l.planned);
    if (!filled.length) throw new Error(t('outbound.needLine'));
    if (filled.some((l) => !lineComplete(l))) throw new Error(t('outbound.lineIncomplete'));
  };

  return (
    <Drawer
      open={open}
      onClose={onClose}
      size={mobile ? '100%' : 920}
      title={detail ? <WithDocNo text={t('outbound.editTitle', { unid: detail.order.unid })} no={detail.order.unid} /> : t('outbound.new')}
      destroyOnHidden
      extra={<DrawerSaveButtons saving={saving} onCancel={onClose} onSave={() => form.submit()} testId="outbound" />}
    >
      {conflict && <ConflictAlert onReload={reload} testId="outbound" title={t('outbound.conflict')} />}
      <Form<FormValues>
        form={form}
        layout="vertical"
        onFinish={(v) => void submit(v).catch(() => undefined)}
        onFinishFailed={({ errorFields }) => errorFields[0] && form.scrollToField(errorFields[0].name, { block: 'center' })}
        onValuesChange={(changed: FormValues) => {
          // Items belong to one merchant: another merchant empties the lines chosen so far.
          if ('merchantId' in changed) form.setFieldValue('lines', [newLine()]);
        }}
        data-testid="outbound-form"
      >
        {chooseMerchant ? (
          <Form.Item
            name="merchantId"
            label={t('outbound.merchant')}
            rules={rulesOf('merchantId', t('outbound.merchant'), { required: true, messages: { required: t('outbound.merchantFirst') } })}
          >
            <Select
              showSearch={{ optionFilterProp: 'label' }}
              options={merchants.map((m) => ({ value: m.id, label: `${m.code} · ${m.name}` }))}
              data-testid="outbound-merchant"
            />
          </Form.Item>
        ) : (
          staff && (
            <Form.Item label={t('outbound.merchant')}>
              <Input disabled value={detail ? `${detail.order.merchantCode} · ${detail.order.merchantName}` : ''} />
            </Form.Item>
          )
        )}
        <Divider titlePlacement="start">{t('outbound.taskTitle')}</Divider>
        <TaskFields totals={totals} />
        <AddressSections />
        <Divider titlePlacement="start">{t('outbound.lines')}</Divider>
        <Form.Item name="lines" rules={[{ validator: validateLines }]} extra={merchantId === undefined ? t('outbound.merchantFirst') : undefined}>
          <LinesEditor merchantId={merchantId ?? undefined} quantityTitle={t('outbound.quantity')} testId="outbound" />
        </Form.Item>
        <ShippingFields />
        <NoteFields staff={staff} />
      </Form>
    </Drawer>
  );
}
