import { useQuery } from '@tanstack/react-query';
import { Tabs } from 'antd';
import { useTranslation } from 'react-i18next';
import { useMerchants } from '../../api/lookups.js';
import { invalidateDomains } from '../../api/query-client.js';
import { useCan } from '../../masks/can.js';
import { AccountsTab } from './AccountsTab.js';
import { PricesTab } from './PricesTab.js';
import { carriersApi } from './carriers-api.js';
import { ResolutionCheck } from './ResolutionCheck.js';
import { RulesTab } from './RulesTab.js';

/**
 * `/settings/carriers` (issue 17 item 1): carrier accounts with their write-only credentials, the rules
 * that send orders to them, their price lists, and a check of what an order resolves to. docs/carriers.md.
 */
export default function CarrierSettingsPage() {
  const { t } = useTranslation();
  const canEdit = useCan()('sys.carriers.edit');
  const merchants = useMerchants();
  const drivers = useQuery({ queryKey: ['carrier-settings', 'drivers'], queryFn: carriersApi.drivers, staleTime: Infinity });
  const accounts = useQuery({ queryKey: ['carrier-settings', 'accounts'], queryFn: carriersApi.accounts });
  const rules = useQuery({ queryKey: ['carrier-settings', 'rules'], queryFn: carriersApi.rules });
  const changed = () => void invalidateDomains('carrier-settings');

  return (
    <div data-testid="carrier-settings">
      <Tabs
        destroyOnHidden={false}
        items={[
          {
            key: 'accounts',
            label: t('carriers.tabs.accounts'),
            children: (
              <AccountsTab
                accounts={accounts.data ?? []}
                drivers={drivers.data ?? []}
                loading={accounts.isLoading || drivers.isLoading}
                canEdit={canEdit}
                onChanged={changed}
              />
            ),
          },
          {
            key: 'rules',
            label: <span data-testid="carrier-tab-rules">{t('carriers.tabs.rules')}</span>,
            children: (
              <RulesTab
                rules={rules.data ?? []}
                accounts={accounts.data ?? []}
                drivers={drivers.data ?? []}
                merchants={merchants}
                loading={rules.isLoading}
                canEdit={canEdit}
                onChanged={changed}
              />
            ),
          },
          {
            key: 'prices',
            label: <span data-testid="carrier-tab-prices">{t('carriers.tabs.prices')}</span>,
            children: <PricesTab accounts={accounts.data ?? []} drivers={drivers.data ?? []} canEdit={canEdit} />,
          },
          { key: 'check', label: <span data-testid="carrier-tab-check">{t('carriers.tabs.check')}</span>, children: <ResolutionCheck /> },
        ]}
      />
    </div>
  );
}
