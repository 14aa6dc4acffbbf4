import { inboundOrderUpdateSchema } from '@kontor/contracts/domains/inbound';
import { INBOUND_MERCHANT_EDITABLE } from '@kontor/contracts/status/inbound';
import { Drawer, Form, Input } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../api/errors.js';
import { useAuth } from '../../auth/store.js';
import { useSchemaRules } from '../../forms/schema-rules.js';
import { notify } from '../../notify/queue.js';
import { HeaderFields } from './HeaderFields.js';
import { inboundApi, type InboundDetail, type InboundFile, type InboundWrite } from './inbound-api.js';
import { lineComplete, LinesEditor, newLine, type LineDraft } from '../../components/LinesEditor.js';
import { WithDocNo } from '../../components/DocNo.js';
import { ConflictAlert, DrawerSaveButtons } from '../../components/FormDrawerParts.js';

interface Values {
  merchantId?: number;
  warehouseId?: number;
  reference?: string;
  expectedDate?: Dayjs | null;
  carrier?: string;
  trackingNumbers?: string[];
  boxQty?: number | null;
  palletQty?: number | null;
  containerId?: number | null;
  remark?: string;
  files?: InboundFile[];
  lines?: LineDraft[];
  reason?: string;
}

const HEADER_FIELDS = [
  'merchantId',
  'warehouseId',
  'reference',
  'expectedDate',
  'carrier',
  'trackingNumbers',
  'boxQty',
  'palletQty',
  'containerId',
  'remark',
  'files',
];

/** The form's values of a stored order; lines receiving added unplanned (planned 0) are not edited here. */
function toValues(detail: InboundDetail): Values {
  const { order } = detail;
  return {
    warehouseId: order.warehouseId,
    reference: order.reference,
    expectedDate: order.expectedDate ? dayjs(order.expectedDate) : null,
    carrier: order.carrier,
    trackingNumbers: order.trackingNumbers,
    boxQty: order.boxQty,
    palletQty: order.palletQty,
    containerId: order.containerId,
    remark: order.remark,
    files: order.files,
    lines: detail.lines
      .filter((l) => l.planned > 0)
      .map((l) => ({
        key: `${l.itemId}|${l.batch}`,
        itemId: l.itemId,
        sku: l.sku,
        name: l.name,
        batch: l.batch,
        planned: l.planned,
        counted: l.received + l.damaged + l.pending,
      })),
  };
}

function toBody(v: Values): InboundWrite {
  const lines = (v.lines ?? []).filter(lineComplete).map((l) => ({ itemId: l.itemId!, batch: l.batch.trim(), planned: l.planned! }));
  return {
    warehouseId: v.warehouseId!,
    reference: v.reference?.trim() ?? '',
    expectedDate: v.expectedDate ? v.expectedDate.format('YYYY-MM-DD') : null,
    carrier: v.carrier?.trim() ?? '',
    trackingNumbers: (v.trackingNumbers ?? []).map((s) => s.trim()).filter(Boolean),
    boxQty: v.boxQty ?? 0,
    palletQty: v.palletQty ?? 0,
    // Undefined when the field is not offered (merchants): an edit then sends the stored container.
    containerId: v.containerId,
    remark: v.remark ?? '',
    files: v.files ?? [],
    lines,
  };
}

interface Props {
  open: boolean;
  /** The order to change, or null to announce a new one. */
  detail: InboundDetail | null;
  onClose(): void;
  onSaved(id: number): void;
  /** The order as stored now, after a conflict: the form shows it for the change to be made again. */
  onReloaded(detail: InboundDetail): void;
}

/**
 * Announce or change an inbound order (issue 6 §1): header, files and planned lines. Once receiving has
 * started a change needs a reason (kept in the audit log); a stale version is answered with a reload.
 */
export function InboundOrderForm({ open, detail, onClose, onSaved, onReloaded }: Props) {
  const { t } = useTranslation();
  const user = useAuth((s) => s.user);
  const [form] = Form.useForm<Values>();
  const rulesOf = useSchemaRules(inboundOrderUpdateSchema);
  const [saving, setSaving] = useState(false);
  // The stored order a save ran into a newer version of; a reload brings another, which hides the notice.
  const [conflictFor, setConflictFor] = useState<InboundDetail | null>(null);
  const conflict = open && !!detail && conflictFor === detail;
  const chosenMerchant = Form.useWatch('merchantId', form);
  const staffAnnouncing = !detail && !user?.merchantId;
  const merchantId = detail?.order.merchantId ?? user?.merchantId ?? chosenMerchant;
  const needsReason = !!detail && !INBOUND_MERCHANT_EDITABLE.includes(detail.order.status);

  useEffect(() => {
    if (!open) return;
    form.resetFields();
    form.setFieldsValue(detail ? toValues(detail) : { trackingNumbers: [], files: [], boxQty: 0, palletQty: 0, lines: [newLine()] });
  }, [open, detail, form]);

  const submit = async (values: Values) => {
    setSaving(true);
    try {
      const body = toBody(values);
      if (detail) {
        // Lines go along only when changed: receiving may have added unplanned lines the form does not edit.
        // The container is not offered to merchants: its stored value goes along, or the server would clear it.
        const { lines, ...header } = { ...body, containerId: body.containerId === undefined ? detail.order.containerId : body.containerId };
        const change = { ...header, ...(form.isFieldTouched('lines') ? { lines } : {}), version: detail.order.version };
        await inboundApi.update(detail.order.id, needsReason ? { ...change, reason: values.reason?.trim() } : change);
        onSaved(detail.order.id);
      } else onSaved((await inboundApi.create({ ...body, merchantId: staffAnnouncing ? values.merchantId : undefined })).id);
    } catch (err) {
      if (!(err instanceof ApiError)) throw err;
      if (err.code === 'Conflict') return setConflictFor(detail);
      showFieldErrors(err);
    } finally {
      setSaving(false);
    }
  };

  /** Errors at a header field are shown there, errors of lines under the lines, anything else as a message. */
  const showFieldErrors = (err: ApiError) => {
    const entries = Object.entries(err.fields);
    const header = entries.filter(([name]) => HEADER_FIELDS.includes(name) || name === 'reason');
    const lines = entries.filter(([name]) => name.startsWith('lines'));
    form.setFields(header.map(([name, message]) => ({ name: name as keyof Values, errors: [message] })));
    if (lines.length) {
      const text = lines.map(([name, message]) => {
        const index = /^lines\.(\d+)/.exec(name)?.[1];
        return index === undefined ? message : `${t('inbound.lineNo', { n: Number(index) + 1 })}: ${message}`;
      });
      form.setFields([{ name: 'lines', errors: text }]);
    }
    if (!header.length && !lines.length) notify((n) => n.error(err.message));
  };

  const reload = async () => {
    if (!detail) return;
    onReloaded(await inboundApi.detail(detail.order.id));
  };

  const validateLines = async (_: unknown, lines: LineDraft[] = []) => {
    const filled = lines.filter((l) => l.itemId !== null || l.planned);
    if (!filled.length) throw new Error(t('inbound.needLine'));
    if (filled.some((l) => !lineComplete(l))) throw new Error(t('inbound.lineIncomplete'));
    const keys = filled.map((l) => `${l.itemId}|${l.batch.trim()}`);
    if (new Set(keys).size !== keys.length) throw new Error(t('inbound.lineTwice'));
  };

  return (
    <Drawer
      open={open}
      onClose={onClose}
      size="large"
      title={detail ? <WithDocNo text={t('inbound.editTitle', { unid: detail.order.unid })} no={detail.order.unid} /> : t('inbound.new')}
      destroyOnHidden
      extra={<DrawerSaveButtons saving={saving} onCancel={onClose} onSave={() => form.submit()} testId="inbound" />}
    >
      {conflict && <ConflictAlert onReload={reload} testId="inbound" />}
      <Form<Values>
        form={form}
        layout="vertical"
        onFinish={(v) => void submit(v).catch(() => undefined)}
        onValuesChange={(changed: Values) => {
          // Items belong to one merchant: another merchant empties the lines chosen so far.
          if ('merchantId' in changed) form.setFieldValue('lines', [newLine()]);
        }}
        data-testid="inbound-form"
      >
        {needsReason && (
          <Form.Item
            name="reason"
            label={t('inbound.reason')}
            extra={t('inbound.reasonHint')}
            rules={rulesOf('reason', t('inbound.reason'), { required: true, messages: { required: t('inbound.reasonRequired') } })}
          >
            <Input.TextArea maxLength={500} autoSize={{ minRows: 2, maxRows: 4 }} data-testid="inbound-reason" />
          </Form.Item>
        )}
        <HeaderFields
          chooseMerchant={staffAnnouncing}
          merchantName={detail?.order.merchantName ?? user?.merchantName ?? ''}
          warehouse={detail ? { id: detail.order.warehouseId, code: detail.order.warehouseCode } : null}
          container={
            detail?.order.containerId ? { value: detail.order.containerId, label: detail.order.containerNumber ?? String(detail.order.containerId) } : null
          }
        />
        <Form.Item name="lines" label={t('inbound.lines')} rules={[{ validator: validateLines }]} required>
          <LinesEditor merchantId={merchantId ?? undefined} />
        </Form.Item>
      </Form>
    </Drawer>
  );
}
