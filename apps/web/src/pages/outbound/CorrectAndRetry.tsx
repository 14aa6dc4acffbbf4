import { CARRIER_ERROR_CODES, type CarrierErrorKindName } from '@kontor/contracts/domains/carriers';
import { outboundOrderUpdateSchema, type Address } from '@kontor/contracts/domains/outbound';
import { useQuery } from '@tanstack/react-query';
import { Alert, Button, Form, InputNumber, Modal, Spin } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../api/errors.js';
import { DocNo } from '../../components/DocNo.js';
import { useSchemaRules } from '../../forms/schema-rules.js';
import { notify } from '../../notify/queue.js';
import { ADDRESS_FIELDS, AddressFields, type AddressValues } from './AddressFields.js';
import { useReasonText } from './LabelQueueActions.js';
import { labelsApi } from './labels-api.js';
import { outboundApi, type OutboundDetail, type OutboundOrderRow } from './outbound-api.js';

interface Values {
  consignee: AddressValues;
  weight: number | null;
}

interface Props {
  order: OutboundOrderRow | null;
  onClose(): void;
  /** The order changed (corrected, and perhaps its labels bought): the queue reloads. */
  onChanged(): void;
}

const toAddress = (v: AddressValues): Address =>
  Object.fromEntries(ADDRESS_FIELDS.map((k) => [k, k === 'country' ? (v[k] ?? '').trim().toUpperCase() : (v[k] ?? '').trim()])) as Address;

/**
 * Corrects what a carrier refused (the consignee's address, the weight) from the label queue and retries
 * the label at once (issue 17 item 4). The order is saved with the version it was read at (a change made
 * meanwhile answers Conflict); a retry that fails again keeps the dialog open with the new reason.
 */
export function CorrectAndRetry({ order, onClose, onChanged }: Props) {
  const { t } = useTranslation();
  const detail = useQuery({
    queryKey: ['outbound-orders', 'record', order?.id ?? null, 'label-correction'],
    queryFn: () => outboundApi.detail(order!.id),
    enabled: !!order,
  });
  const loaded = detail.data && detail.data.order.id === order?.id ? detail.data : null;
  return (
    <Modal
      open={!!order}
      width={720}
      title={order ? t('carriers.queue.correctTitle', { unid: order.unid }) : ''}
      footer={null}
      onCancel={onClose}
      destroyOnHidden
    >
      {order && (
        <Spin spinning={!loaded}>{loaded && <CorrectionForm key={order.id} order={order} detail={loaded} onClose={onClose} onChanged={onChanged} />}</Spin>
      )}
    </Modal>
  );
}

function CorrectionForm({ order, detail, onClose, onChanged }: { order: OutboundOrderRow; detail: OutboundDetail; onClose(): void; onChanged(): void }) {
  const { t } = useTranslation();
  const reason = useReasonText();
  const [form] = Form.useForm<Values>();
  const rulesOf = useSchemaRules(outboundOrderUpdateSchema);
  const [version, setVersion] = useState(detail.order.version);
  const [busy, setBusy] = useState(false);
  const [refusal, setRefusal] = useState<string | null>(null);
  const queued = reason(order.labelErrorKind ? CARRIER_ERROR_CODES[order.labelErrorKind as CarrierErrorKindName] : null, order.labelErrorText);

  const save = async (values: Values) => {
    setBusy(true);
    try {
      // The order is read again after every change (the list's domain): its newest version is the one to send.
      const saved = await outboundApi.update(order.id, {
        version: Math.max(version, detail.order.version),
        consignee: toAddress(values.consignee),
        weight: values.weight ?? 0,
      });
      setVersion(saved.order.version);
      const [purchase] = await labelsApi.retry([order.id]);
      onChanged();
      if (purchase?.complete) {
        notify((n) => n.success(t('carriers.queue.bought', { tracking: purchase.shipBundle.split('\n').join(', ') })));
        onClose();
      } else setRefusal(reason(purchase?.errorCode, purchase?.errorText) || t('error.common'));
    } catch (err) {
      if (!(err instanceof ApiError)) throw err;
      if (err.problems.length) form.setFields(err.problems.map((p) => ({ name: p.field.split('.') as never, errors: [p.message] })));
      else setRefusal(err.message);
    } finally {
      setBusy(false);
    }
  };

  return (
    <>
      <Alert
        type="error"
        showIcon
        style={{ marginBottom: 16 }}
        title={<DocNo>{order.unid}</DocNo>}
        description={refusal ?? (queued || t('carriers.queue.noReason'))}
        data-testid="label-queue-correct-reason"
      />
      {order.labelErrorKind === 'customs' && (
        // Customs data lives on the items, not on the order: the dialog says where to correct it.
        <Alert type="info" showIcon style={{ marginBottom: 16 }} title={t('carriers.queue.customsHint')} data-testid="label-queue-customs-hint" />
      )}
      <Form<Values>
        form={form}
        layout="vertical"
        initialValues={{ consignee: { ...detail.order.consignee }, weight: detail.order.weight }}
        onFinish={(v) => void save(v).catch(() => undefined)}
        data-testid="label-queue-correct-form"
      >
        <AddressFields name="consignee" requireCountry check />
        <Form.Item
          name="weight"
          label={t('outbound.weightKg')}
          rules={rulesOf('weight', t('outbound.weightKg'), { required: true, messages: { required: t('outbound.requiredMsg.weight') } })}
        >
          <InputNumber min={0.001} max={100000} step={0.1} style={{ width: 160 }} data-testid="label-queue-correct-weight" />
        </Form.Item>
        <div style={{ display: 'flex', justifyContent: 'flex-end', gap: 8 }}>
          <Button onClick={onClose}>{t('common.cancel')}</Button>
          <Button type="primary" htmlType="submit" loading={busy} data-testid="label-queue-correct-save">
            {t('carriers.queue.saveAndRetry')}
          </Button>
        </div>
      </Form>
    </>
  );
}
