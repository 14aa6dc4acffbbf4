import { inboundOrderCreateSchema } from '@kontor/contracts/domains/inbound';
import { Col, DatePicker, Form, Input, InputNumber, Row, Select } from 'antd';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useCan } from '../../masks/can.js';
import { useSchemaRules } from '../../forms/schema-rules.js';
import { FilesInput } from '../../components/FilesInput.js';
import { searchContainers, useMerchants, useWarehouses } from '../../api/lookups.js';
import { SearchSelect, type SearchOption } from '../../components/SearchSelect.js';

interface Props {
  /** Staff announcing: the merchant is chosen; otherwise it is shown as fixed. */
  chooseMerchant: boolean;
  merchantName: string;
  /** The container the order carries now, labelled before the search answers. */
  container: SearchOption | null;
  /** The order's warehouse, labelled even when the session may not list warehouses. */
  warehouse: { id: number; code: string } | null;
}

/** The header of an announcement: who, where, when, how it comes, and its papers. */
export function HeaderFields({ chooseMerchant, merchantName, container, warehouse }: Props) {
  const { t } = useTranslation();
  const can = useCan();
  const merchants = useMerchants();
  const listed = useWarehouses();
  const warehouses = warehouse && !listed.some((w) => w.id === warehouse.id) ? [...listed, { ...warehouse, name: '' }] : listed;
  const form = Form.useFormInstance();
  // With a single warehouse there is nothing to choose: a new announcement takes it.
  const only = listed.length === 1 ? listed[0]!.id : null;
  useEffect(() => {
    if (only !== null && form.getFieldValue('warehouseId') === undefined) form.setFieldValue('warehouseId', only);
  }, [only, form]);
  const rulesOf = useSchemaRules(inboundOrderCreateSchema);
  const half = { xs: 24, sm: 12 };
  return (
    <Row gutter={16}>
      <Col {...half}>
        {chooseMerchant ? (
          <Form.Item name="merchantId" label={t('inbound.merchant')} rules={rulesOf('merchantId', t('inbound.merchant'), { required: true })}>
            <Select
              showSearch={{ optionFilterProp: 'label' }}
              options={merchants.map((m) => ({ value: m.id, label: `${m.code} · ${m.name}` }))}
              data-testid="inbound-merchant"
            />
          </Form.Item>
        ) : (
          <Form.Item label={t('inbound.merchant')}>
            <Input disabled value={merchantName} />
          </Form.Item>
        )}
      </Col>
      <Col {...half}>
        <Form.Item name="warehouseId" label={t('inbound.warehouse')} rules={rulesOf('warehouseId', t('inbound.warehouse'))}>
          <Select
            showSearch={{ optionFilterProp: 'label' }}
            options={warehouses.map((w) => ({ value: w.id, label: w.name ? `${w.code} · ${w.name}` : w.code }))}
            data-testid="inbound-warehouse"
          />
        </Form.Item>
      </Col>
      <Col {...half}>
        <Form.Item name="reference" label={t('inbound.reference')}>
          <Input maxLength={80} data-testid="inbound-reference" />
        </Form.Item>
      </Col>
      <Col {...half}>
        <Form.Item name="expectedDate" label={t('inbound.expectedDate')}>
          <DatePicker style={{ width: '100%' }} data-testid="inbound-expected" />
        </Form.Item>
      </Col>
      <Col {...half}>
        <Form.Item name="carrier" label={t('inbound.carrier')}>
          <Input maxLength={80} data-testid="inbound-carrier" />
        </Form.Item>
      </Col>
      <Col {...half}>
        <Form.Item name="trackingNumbers" label={t('inbound.trackingNumbers')} extra={t('inbound.trackingHint')}>
          <Select mode="tags" open={false} suffixIcon={null} tokenSeparators={[',', ' ', ';']} maxCount={50} data-testid="inbound-tracking" />
        </Form.Item>
      </Col>
      <Col xs={12} sm={6}>
        <Form.Item name="boxQty" label={t('inbound.boxQty')}>
          <InputNumber min={0} max={100_000} precision={0} style={{ width: '100%' }} data-testid="inbound-boxes" />
        </Form.Item>
      </Col>
      <Col xs={12} sm={6}>
        <Form.Item name="palletQty" label={t('inbound.palletQty')}>
          <InputNumber min={0} max={100_000} precision={0} style={{ width: '100%' }} data-testid="inbound-pallets" />
        </Form.Item>
      </Col>
      {/* Containers are staff records; a merchant's session may not list them. */}
      {can('c7r.orders.list') && (
        <Col {...half}>
          <Form.Item name="containerId" label={t('inbound.container')}>
            <SearchSelect search={searchContainers} current={container} placeholder={t('inbound.containerSearch')} testId="inbound-container" />
          </Form.Item>
        </Col>
      )}
      <Col span={24}>
        <Form.Item name="remark" label={t('inbound.remark')}>
          <Input.TextArea maxLength={1000} autoSize={{ minRows: 2, maxRows: 6 }} data-testid="inbound-remark" />
        </Form.Item>
      </Col>
      <Col span={24}>
        <Form.Item name="files" label={t('inbound.files')}>
          <FilesInput />
        </Form.Item>
      </Col>
    </Row>
  );
}
