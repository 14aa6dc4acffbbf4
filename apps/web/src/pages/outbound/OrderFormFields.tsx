import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import {
  CARRIERS,
  DELIVERY_SERVICES,
  outboundOrderCreateSchema,
  parcelSchema,
  PRIORITIES,
  TASK_TYPES,
  TRANSPORT_MODES,
} from '@kontor/contracts/domains/outbound';
import { Button, Checkbox, Col, Collapse, DatePicker, Divider, Form, Input, InputNumber, Row, Select, Space, Typography } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useTranslation } from 'react-i18next';
import { FilesInput } from '../../components/FilesInput.js';
import { useWarehouses } from '../../api/lookups.js';
import { useSchemaRules } from '../../forms/schema-rules.js';
import { AddressFields } from './AddressFields.js';
import { disagrees, type LineTotals } from './form-values.js';

const half = { xs: 24, sm: 12 };
const third = { xs: 12, sm: 8 };
const quarter = { xs: 12, sm: 6 };
const full = { width: '100%' };

/** The five fields spec §5 names, each with its own required message. */
export const SPEC_REQUIRED = ['typeOfTask', 'modeOfTransport', 'pickupDate', 'unitQty', 'weight'] as const;

/** The labels of the five fields, whose required messages the spec words itself. */
const SPEC_LABELS: Record<(typeof SPEC_REQUIRED)[number], string> = {
  typeOfTask: 'outbound.typeOfTask',
  modeOfTransport: 'outbound.modeOfTransport',
  pickupDate: 'outbound.pickupDate',
  unitQty: 'outbound.unitQty',
  weight: 'outbound.weightKg',
};

/** The date picker's day as the request sends it. */
const isoDay = (value: unknown) => (dayjs.isDayjs(value) ? value.format('YYYY-MM-DD') : value);

/** A warning under a field: shown, never blocking the save. */
const warning = (text: string | false, testId: string) =>
  text ? (
    <Typography.Text type="warning" data-testid={testId}>
      {text}
    </Typography.Text>
  ) : undefined;

/**
 * Task: what kind of shipment, how it travels, when and how much (spec §3 task order fields). Unit
 * quantity and weight are filled from the lines (`totals`) and stay editable; a typed value that
 * disagrees with the lines, or a pickup date already past, is warned about (issue 15 item 14).
 */
export function TaskFields({ totals }: { totals: LineTotals }) {
  const { t } = useTranslation();
  const warehouses = useWarehouses();
  const form = Form.useFormInstance();
  const unitQty = Form.useWatch<number | null | undefined>('unitQty', form);
  const weight = Form.useWatch<number | null | undefined>('weight', form);
  const pickupDate = Form.useWatch<Dayjs | null | undefined>('pickupDate', form);
  const rulesOf = useSchemaRules(outboundOrderCreateSchema);
  const required = (field: (typeof SPEC_REQUIRED)[number]) =>
    rulesOf(field, t(SPEC_LABELS[field]), { messages: { required: t(`outbound.requiredMsg.${field}`) }, toRequest: isoDay });
  const pickupPast = !!pickupDate && pickupDate.isBefore(dayjs().startOf('day'));
  const unitsDiffer = disagrees(unitQty, totals.units);
  const weightDiffers = disagrees(weight, totals.weight, true);
  return (
    <Row gutter={12}>
      <Col {...third}>
        <Form.Item name="typeOfTask" label={t('outbound.typeOfTask')} rules={required('typeOfTask')}>
          <Select options={TASK_TYPES.map((v) => ({ value: v, label: v }))} data-testid="outbound-typeOfTask" />
        </Form.Item>
      </Col>
      <Col {...third}>
        <Form.Item name="modeOfTransport" label={t('outbound.modeOfTransport')} rules={required('modeOfTransport')}>
          <Select options={TRANSPORT_MODES.map((v) => ({ value: v, label: t(`outbound.modes.${v}`) }))} data-testid="outbound-modeOfTransport" />
        </Form.Item>
      </Col>
      <Col {...third}>
        <Form.Item name="priority" label={t('outbound.priority')}>
          <Select options={PRIORITIES.map((v) => ({ value: v, label: t(`outbound.priorities.${v}`) }))} data-testid="outbound-priority" />
        </Form.Item>
      </Col>
      <Col {...third}>
        <Form.Item
          name="pickupDate"
          label={t('outbound.pickupDate')}
          rules={required('pickupDate')}
          extra={warning(pickupPast && t('outbound.pickupPast'), 'outbound-pickupDate-warning')}
        >
          <DatePicker style={full} data-testid="outbound-pickupDate" />
        </Form.Item>
      </Col>
      <Col {...third}>
        <Form.Item name="pickupFrom" label={t('outbound.pickupFrom')}>
          <Input maxLength={120} data-testid="outbound-pickupFrom" />
        </Form.Item>
      </Col>
      <Col {...third}>
        <Form.Item name="refOrderId" label={t('outbound.refOrderId')}>
          <Input maxLength={80} data-testid="outbound-refOrderId" />
        </Form.Item>
      </Col>
      <Col {...third}>
        <Form.Item
          name="unitQty"
          label={t('outbound.unitQty')}
          rules={required('unitQty')}
          extra={warning(unitsDiffer && t('outbound.unitQtyDiffers', { count: totals.units }), 'outbound-unitQty-warning')}
        >
          <InputNumber min={1} max={1_000_000} precision={0} style={full} data-testid="outbound-unitQty" />
        </Form.Item>
      </Col>
      <Col {...third}>
        <Form.Item
          name="weight"
          label={t('outbound.weightKg')}
          rules={required('weight')}
          extra={warning(weightDiffers && t('outbound.weightDiffers', { weight: totals.weight }), 'outbound-weight-warning')}
        >
          <InputNumber min={0.001} max={100_000} precision={3} style={full} data-testid="outbound-weight" />
        </Form.Item>
      </Col>
      <Col {...third}>
        <Form.Item name="rsd" label={t('outbound.rsd')}>
          <DatePicker style={full} data-testid="outbound-rsd" />
        </Form.Item>
      </Col>
      <Col {...third}>
        <Form.Item name="warehouseId" label={t('outbound.warehouse')}>
          <Select allowClear options={warehouses.map((w) => ({ value: w.id, label: `${w.code} · ${w.name}` }))} data-testid="outbound-warehouse" />
        </Form.Item>
      </Col>
    </Row>
  );
}

/** Consignee (checked live), then consignor and sender folded away: most orders have neither. */
export function AddressSections() {
  const { t } = useTranslation();
  return (
    <>
      <Divider titlePlacement="start">{t('outbound.consignee')}</Divider>
      <AddressFields name="consignee" requireCountry check />
      <Collapse
        size="small"
        style={{ marginBottom: 16 }}
        items={[
          { key: 'consignor', label: t('outbound.consignor'), forceRender: true, children: <AddressFields name="consignor" requireCountry={false} /> },
          { key: 'sender', label: t('outbound.sender'), forceRender: true, children: <AddressFields name="sender" requireCountry={false} /> },
        ]}
        data-testid="outbound-more-addresses"
      />
    </>
  );
}

/** Services, flags, carrier, packages and parcels. */
export function ShippingFields() {
  const { t } = useTranslation();
  const parcelRules = useSchemaRules(parcelSchema);
  const flag = (name: string) => (
    <Col {...half} key={name}>
      <Form.Item name={name} valuePropName="checked" style={{ marginBottom: 8 }}>
        <Checkbox data-testid={`outbound-${name}`}>{t(`outbound.flags.${name}`)}</Checkbox>
      </Form.Item>
    </Col>
  );
  const dim = (name: string | Array<string | number>, key: string) => (
    <Form.Item name={Array.isArray(name) ? [...name, key] : [name, key]} noStyle>
      <InputNumber min={0.1} max={1000} placeholder={t(`outbound.dims.${key}`)} style={{ width: '33%' }} />
    </Form.Item>
  );
  return (
    <>
      <Divider titlePlacement="start">{t('outbound.servicesTitle')}</Divider>
      <Form.Item name="deliveryServices" label={t('outbound.deliveryServices')}>
        <Checkbox.Group options={DELIVERY_SERVICES.map((s) => ({ value: s, label: t(`outbound.services.${s}`) }))} data-testid="outbound-services" />
      </Form.Item>
      <Row gutter={12}>{['dangerGoods', 'autoRetourLabel', 'forceShipLabel', 'labelSwap'].map(flag)}</Row>
      <Divider titlePlacement="start">{t('outbound.shippingTitle')}</Divider>
      <Row gutter={12}>
        <Col {...third}>
          <Form.Item name="carrier" label={t('outbound.carrier')}>
            <Select allowClear options={CARRIERS.map((c) => ({ value: c, label: c }))} data-testid="outbound-carrier" />
          </Form.Item>
        </Col>
        <Col {...third}>
          <Form.Item name="carrierService" label={t('outbound.carrierService')}>
            <Input maxLength={40} data-testid="outbound-carrierService" />
          </Form.Item>
        </Col>
        <Col {...third}>
          <Form.Item name="shipNo" label={t('outbound.shipNo')}>
            <Input maxLength={64} />
          </Form.Item>
        </Col>
        <Col {...third}>
          <Form.Item name="retourNo" label={t('outbound.retourNo')}>
            <Input maxLength={64} />
          </Form.Item>
        </Col>
        <Col {...third}>
          <Form.Item name="batchNo" label={t('outbound.batchNo')}>
            <Input maxLength={64} />
          </Form.Item>
        </Col>
        <Col {...third}>
          <Form.Item name="rad" label={t('outbound.rad')}>
            <DatePicker style={full} />
          </Form.Item>
        </Col>
        <Col {...quarter}>
          <Form.Item name="boxQty" label={t('outbound.boxQty')}>
            <InputNumber min={0} max={100_000} precision={0} style={full} data-testid="outbound-boxQty" />
          </Form.Item>
        </Col>
        <Col {...quarter}>
          <Form.Item name="pltQty" label={t('outbound.pltQty')}>
            <InputNumber min={0} max={100_000} precision={0} style={full} data-testid="outbound-pltQty" />
          </Form.Item>
        </Col>
        <Col xs={24} sm={12}>
          <Form.Item label={t('outbound.dimensionsCm')}>
            <Space.Compact style={{ width: '100%' }}>
              {dim('dimensions', 'length')}
              {dim('dimensions', 'width')}
              {dim('dimensions', 'height')}
            </Space.Compact>
          </Form.Item>
        </Col>
      </Row>
      <Form.List name="parcels">
        {(fields, { add, remove }) => (
          <Form.Item label={t('outbound.parcels')}>
            {fields.map((f) => (
              <Row key={f.key} gutter={8} align="top" wrap={false} style={{ marginBottom: 8 }}>
                <Col flex="1 1 160px">
                  <Form.Item name={[f.name, 'trackingNo']} noStyle rules={parcelRules('trackingNo', t('outbound.trackingNo'))}>
                    <Input maxLength={64} placeholder={t('outbound.trackingNo')} />
                  </Form.Item>
                </Col>
                <Col flex="0 0 90px">
                  <Form.Item name={[f.name, 'weight']} noStyle>
                    <InputNumber min={0.001} max={100_000} placeholder={t('outbound.weightKg')} style={full} />
                  </Form.Item>
                </Col>
                <Col flex="1 1 180px">
                  <Space.Compact style={{ width: '100%' }}>
                    {dim([f.name, 'dimensions'], 'length')}
                    {dim([f.name, 'dimensions'], 'width')}
                    {dim([f.name, 'dimensions'], 'height')}
                  </Space.Compact>
                </Col>
                <Col flex="0 0 32px">
                  <Button type="text" icon={<DeleteOutlined />} aria-label={t('outbound.removeParcel')} onClick={() => remove(f.name)} />
                </Col>
              </Row>
            ))}
            <Button
              type="dashed"
              icon={<PlusOutlined />}
              onClick={() => add({ trackingNo: '' })}
              disabled={fields.length >= 100}
              data-testid="outbound-parcel-add"
            >
              {t('outbound.addParcel')}
            </Button>
          </Form.Item>
        )}
      </Form.List>
    </>
  );
}

/** Remarks; the private remark is for staff only (the original's internal note). */
export function NoteFields({ staff }: { staff: boolean }) {
  const { t } = useTranslation();
  return (
    <>
      <Divider titlePlacement="start">{t('outbound.notesTitle')}</Divider>
      <Form.Item name="importantNote" label={t('outbound.importantNote')} extra={t('outbound.importantNoteHint')}>
        <Input.TextArea maxLength={500} autoSize={{ minRows: 1, maxRows: 3 }} data-testid="outbound-importantNote" />
      </Form.Item>
      <Form.Item name="remark" label={t('outbound.remark')}>
        <Input.TextArea maxLength={1000} autoSize={{ minRows: 2, maxRows: 5 }} data-testid="outbound-remark" />
      </Form.Item>
      {staff && (
        <Form.Item name="privateRemark" label={t('outbound.privateRemark')} extra={t('outbound.privateRemarkHint')}>
          <Input.TextArea maxLength={1000} autoSize={{ minRows: 2, maxRows: 5 }} data-testid="outbound-privateRemark" />
        </Form.Item>
      )}
      <Form.Item name="relatedFiles" label={t('outbound.relatedFiles')}>
        <FilesInput />
      </Form.Item>
    </>
  );
}
