import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { carrierPriceBandSchema } from '@kontor/contracts/domains/carriers';
import { CURRENCIES, toCents } from '@kontor/contracts/money';
import { useQuery } from '@tanstack/react-query';
import { Alert, Button, Empty, Form, InputNumber, Select, Space, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../api/errors.js';
import { invalidateDomains } from '../../api/query-client.js';
import { useSchemaRules } from '../../forms/schema-rules.js';
import { useLayout } from '../../layout/store.js';
import { notify } from '../../notify/queue.js';
import { carriersApi, type CarrierAccount, type CarrierDriverInfo, type CarrierPrice } from './carriers-api.js';
import { toBands, toRows, type BandRow } from './price-list.js';

interface Props {
  accounts: CarrierAccount[];
  drivers: CarrierDriverInfo[];
  canEdit: boolean;
}

/**
 * The price list of an account (issue 17): per product, weight bands up to a weight with the price of one
 * label. Used for billing when the carrier answers no cost; the lightest band a label's weight fits wins.
 */
export function PricesTab({ accounts, drivers, canEdit }: Props) {
  const { t } = useTranslation();
  const mobile = useLayout((s) => s.device === 'mobile');
  const [accountId, setAccountId] = useState<number | null>(null);
  const chosen = accounts.find((a) => a.id === accountId) ?? accounts[0] ?? null;
  const prices = useQuery({
    queryKey: ['carrier-settings', 'prices', chosen?.id ?? null],
    queryFn: () => carriersApi.prices(chosen!.id),
    enabled: !!chosen,
  });
  const driver = drivers.find((d) => d.code === chosen?.carrier);

  return (
    <div data-testid="carrier-prices">
      <Typography.Paragraph type="secondary">{t('carriers.prices.hint')}</Typography.Paragraph>
      <Space wrap style={{ marginBottom: 12, width: mobile ? '100%' : undefined }}>
        <span>{t('carriers.rules.account')}</span>
        <Select
          style={mobile ? { width: 'calc(100vw - 32px)' } : { minWidth: 240 }}
          value={chosen?.id}
          onChange={setAccountId}
          options={accounts.map((a) => ({ value: a.id, label: `${a.name} (${t(`carriers.carrierNames.${a.carrier}`)})` }))}
          data-testid="carrier-prices-account"
        />
      </Space>
      {!chosen && <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} />}
      {chosen && prices.data && (
        <PriceListForm key={`${chosen.id}-${prices.dataUpdatedAt}`} account={chosen} driver={driver} bands={prices.data} canEdit={canEdit} />
      )}
    </div>
  );
}

function PriceListForm({ account, driver, bands, canEdit }: { account: CarrierAccount; driver?: CarrierDriverInfo; bands: CarrierPrice[]; canEdit: boolean }) {
  const { t } = useTranslation();
  const mobile = useLayout((s) => s.device === 'mobile');
  const [form] = Form.useForm<{ rows: BandRow[] }>();
  const [saving, setSaving] = useState(false);
  const products = (driver?.products ?? []).map((p) => ({ value: p.code, label: `${p.name} (${p.code})` }));

  const save = async (values: { rows?: BandRow[] }) => {
    setSaving(true);
    try {
      await carriersApi.savePrices(account.id, toBands(values.rows ?? []));
      notify((n) => n.success(t('carriers.prices.saved')));
      void invalidateDomains('carrier-settings');
    } catch (err) {
      if (!(err instanceof ApiError)) throw err;
      // The server names `bands.<row>.<field>`; the rows of the form are the same list.
      if (err.problems.length)
        form.setFields(
          err.problems.map((p) => ({
            name: ['rows', ...p.field.split('.').slice(1)].map((x) => (/^\d+$/.test(x) ? Number(x) : x)) as never,
            errors: [p.message],
          })),
        );
      else notify((n) => n.error(err.message));
    } finally {
      setSaving(false);
    }
  };

  const rulesOf = useSchemaRules(carrierPriceBandSchema);
  return (
    <Form
      form={form}
      initialValues={{ rows: toRows(bands) }}
      onFinish={(v) => void save(v).catch(() => undefined)}
      disabled={!canEdit}
      data-testid="carrier-prices-form"
    >
      <Form.List name="rows">
        {(fields, { add, remove }) => (
          <>
            {fields.length === 0 && <Alert type="info" showIcon title={t('carriers.prices.none')} style={{ marginBottom: 12 }} />}
            {fields.map((field) => (
              <Space
                key={field.key}
                wrap
                align="start"
                size={[8, 0]}
                style={{ display: 'flex', marginBottom: mobile ? 12 : 0 }}
                data-testid="carrier-price-row"
              >
                <Form.Item name={[field.name, 'product']} rules={rulesOf('product', t('carriers.rules.product'))} style={{ minWidth: mobile ? 300 : 260 }}>
                  <Select placeholder={t('carriers.rules.product')} options={products} data-testid="carrier-price-product" />
                </Form.Item>
                <Form.Item name={[field.name, 'maxWeightKg']} rules={rulesOf('maxWeightKg', t('carriers.prices.upTo'))}>
                  <InputNumber
                    min={0.001}
                    max={1000}
                    step={0.5}
                    prefix="≤"
                    suffix="kg"
                    style={{ width: 160 }}
                    placeholder={t('carriers.prices.upTo')}
                    data-testid="carrier-price-weight"
                  />
                </Form.Item>
                <Form.Item
                  name={[field.name, 'price']}
                  rules={rulesOf('priceMinor', t('carriers.prices.price'), { toRequest: (price) => toCents(Number(price)) })}
                >
                  <InputNumber
                    min={0}
                    max={1_000_000}
                    precision={2}
                    step={0.1}
                    style={{ width: 130 }}
                    placeholder={t('carriers.prices.price')}
                    data-testid="carrier-price-amount"
                  />
                </Form.Item>
                <Form.Item name={[field.name, 'currency']} initialValue="EUR">
                  <Select style={{ width: 90 }} options={CURRENCIES.map((c) => ({ value: c, label: c }))} />
                </Form.Item>
                <Button icon={<DeleteOutlined />} onClick={() => remove(field.name)} aria-label={t('carriers.delete')} />
              </Space>
            ))}
            {canEdit && (
              <Space wrap>
                <Button icon={<PlusOutlined />} onClick={() => add({ currency: 'EUR' })} data-testid="carrier-price-add">
                  {t('carriers.prices.add')}
                </Button>
                <Button type="primary" htmlType="submit" loading={saving} data-testid="carrier-prices-save">
                  {t('common.save')}
                </Button>
              </Space>
            )}
          </>
        )}
      </Form.List>
    </Form>
  );
}
