import { Alert, Descriptions, Input, Space, Tag, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../api/errors.js';
import { DocNo } from '../../components/DocNo.js';
import { carriersApi, type CarrierResolution } from './carriers-api.js';

type Outcome = { unid: string; resolution: CarrierResolution } | { unid: string; error: string } | { notFound: string };

/**
 * Which account, product and services an order resolves to with the rules as they are now: a check
 * after changing rules, by the order's number.
 */
export function ResolutionCheck() {
  const { t } = useTranslation();
  const [busy, setBusy] = useState(false);
  const [outcome, setOutcome] = useState<Outcome | null>(null);

  const check = async (text: string) => {
    const unid = text.trim();
    if (!unid) return;
    setBusy(true);
    try {
      const order = (await carriersApi.findOrder(unid)).find((o) => o.unid.toUpperCase() === unid.toUpperCase());
      if (!order) return setOutcome({ notFound: unid });
      try {
        setOutcome({ unid: order.unid, resolution: await carriersApi.resolution(order.id) });
      } catch (err) {
        if (!(err instanceof ApiError)) throw err;
        setOutcome({ unid: order.unid, error: err.message });
      }
    } catch {
      setOutcome(null);
    } finally {
      setBusy(false);
    }
  };

  return (
    <div data-testid="carrier-resolution">
      <Typography.Paragraph type="secondary">{t('carriers.check.hint')}</Typography.Paragraph>
      <Input.Search
        placeholder={t('carriers.check.orderNo')}
        enterButton={t('carriers.check.run')}
        loading={busy}
        onSearch={(v) => void check(v)}
        style={{ maxWidth: 420, marginBottom: 16 }}
        data-testid="carrier-resolution-order"
      />
      {outcome && 'notFound' in outcome && <Alert type="warning" showIcon title={t('carriers.check.notFound', { no: outcome.notFound })} />}
      {outcome && 'error' in outcome && (
        <Alert type="error" showIcon title={<DocNo>{outcome.unid}</DocNo>} description={outcome.error} data-testid="carrier-resolution-error" />
      )}
      {outcome && 'resolution' in outcome && (
        <Descriptions bordered size="small" column={1} title={<DocNo>{outcome.unid}</DocNo>} data-testid="carrier-resolution-result">
          <Descriptions.Item label={t('carriers.rules.account')}>
            <span data-testid="carrier-resolution-account">{outcome.resolution.accountName}</span> ({t(`carriers.carrierNames.${outcome.resolution.carrier}`)})
          </Descriptions.Item>
          <Descriptions.Item label={t('carriers.rules.product')}>
            <span data-testid="carrier-resolution-product">{outcome.resolution.product}</span>
          </Descriptions.Item>
          <Descriptions.Item label={t('carriers.rules.services')}>
            <Space size={[4, 4]} wrap>
              {outcome.resolution.services.length ? outcome.resolution.services.map((s) => <Tag key={s}>{s}</Tag>) : '—'}
            </Space>
          </Descriptions.Item>
          <Descriptions.Item label={t('carriers.check.rule')}>
            {outcome.resolution.ruleId === null ? t('carriers.check.noRule') : `#${outcome.resolution.ruleId}`}
          </Descriptions.Item>
        </Descriptions>
      )}
    </div>
  );
}
