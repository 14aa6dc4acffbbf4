import { addressProblems, COUNTRY_CODES } from '@kontor/contracts/countries';
import { addressSchema } from '@kontor/contracts/domains/outbound';
import { Alert, Col, Form, Input, Row, Select } from 'antd';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useSchemaRules } from '../../forms/schema-rules.js';

/** The parts of an address (spec §3), in the order a label prints them. */
export const ADDRESS_FIELDS = ['name1', 'name2', 'streetName', 'streetNumber', 'addition', 'zip', 'city', 'country', 'phone', 'email'] as const;
export type AddressValues = Partial<Record<(typeof ADDRESS_FIELDS)[number], string>>;

const INTL_LANGUAGE: Record<string, string> = { cn: 'zh-CN', de: 'de', en: 'en' };

/** Countries as `DE · Germany` in the console's language, searchable by code or name. */
export function useCountryOptions() {
  const { i18n } = useTranslation();
  return useMemo(() => {
    let names: Intl.DisplayNames | null = null;
    try {
      names = new Intl.DisplayNames([INTL_LANGUAGE[i18n.language] ?? 'en'], { type: 'region' });
    } catch {
      names = null;
    }
    return COUNTRY_CODES.map((code) => {
      let name = '';
      try {
        name = names?.of(code) ?? '';
      } catch {
        name = '';
      }
      return { value: code, label: name && name !== code ? `${code} · ${name}` : code };
    });
  }, [i18n.language]);
}

interface Props {
  /** The form name of the address: consignee, consignor or sender. */
  name: 'consignee' | 'consignor' | 'sender';
  /** The consignee's country is required; the other addresses may stay empty. */
  requireCountry: boolean;
  /** Checks the address for shipping as it is typed (the consignee's). */
  check?: boolean;
}

/**
 * One address. The consignee is checked live with the same rules the server applies (issue 7 §1):
 * a problem is a warning, not a block, because the server flags the order "wrong address" instead
 * of refusing it.
 */
export function AddressFields({ name, requireCountry, check }: Props) {
  const { t } = useTranslation();
  const countries = useCountryOptions();
  const form = Form.useFormInstance();
  const rulesOf = useSchemaRules(addressSchema);
  const address = Form.useWatch(name, form) as AddressValues | undefined;
  // Checked once something besides the preset country is typed: an untouched form is not yet wrong.
  const typed = ADDRESS_FIELDS.some((k) => k !== 'country' && address?.[k]?.trim());
  const problems = check && typed && address?.country ? addressProblems(address) : [];
  const warned = new Set<string>(problems.map((p) => p.field));
  // Only the consignee must have a country: the other addresses may stay empty as a whole.
  const optionsOf = (key: (typeof ADDRESS_FIELDS)[number]) =>
    key === 'country' ? { required: requireCountry, messages: { required: t('outbound.countryRequired') } } : {};
  const field = (key: (typeof ADDRESS_FIELDS)[number], span: { xs: number; sm: number }, input: React.ReactNode) => (
    <Col {...span}>
      <Form.Item
        name={[name, key]}
        label={t(`outbound.address.${key}`)}
        rules={rulesOf(key, t(`outbound.address.${key}`), optionsOf(key))}
        validateStatus={warned.has(key) ? 'warning' : undefined}
      >
        {input}
      </Form.Item>
    </Col>
  );
  const text = (key: (typeof ADDRESS_FIELDS)[number], max: number) => <Input maxLength={max} data-testid={`outbound-${name}-${key}`} />;
  return (
    <>
      <Row gutter={12}>
        {field('name1', { xs: 24, sm: 12 }, text('name1', 80))}
        {field('name2', { xs: 24, sm: 12 }, text('name2', 80))}
        {field('streetName', { xs: 16, sm: 9 }, text('streetName', 120))}
        {field('streetNumber', { xs: 8, sm: 3 }, text('streetNumber', 20))}
        {field('addition', { xs: 24, sm: 12 }, text('addition', 120))}
        {field('zip', { xs: 8, sm: 4 }, text('zip', 16))}
        {field('city', { xs: 16, sm: 8 }, text('city', 80))}
        {field(
          'country',
          { xs: 24, sm: 12 },
          <Select allowClear={!requireCountry} showSearch={{ optionFilterProp: 'label' }} options={countries} data-testid={`outbound-${name}-country`} />,
        )}
        {field('phone', { xs: 24, sm: 12 }, text('phone', 40))}
        {field('email', { xs: 24, sm: 12 }, text('email', 120))}
      </Row>
      {problems.length > 0 && (
        <Alert
          type="warning"
          showIcon
          style={{ marginBottom: 16 }}
          title={t('outbound.addressWarning')}
          description={problems.map((p) => t(`outbound.problem.${p.problem}`, { field: t(`outbound.address.${p.field}`) })).join(' · ')}
          data-testid="outbound-address-warning"
        />
      )}
    </>
  );
}
