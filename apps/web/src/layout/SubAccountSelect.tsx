import { Select } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { authApi } from '../auth/api.js';
import { useAuth } from '../auth/store.js';
import { useLayout } from './store.js';
import { useTabs } from './tabs.js';

/**
 * The admin's sub-account (merchant) selector (spec §6): the server narrows the session to that
 * merchant; user info and routes are reloaded and every open tab remounts in the new scope.
 */
export function SubAccountSelect() {
  const { t } = useTranslation();
  const subId = useAuth((s) => s.user?.subId ?? 0);
  const reload = useAuth((s) => s.reload);
  const mobile = useLayout((s) => s.device === 'mobile');
  const [options, setOptions] = useState<Array<{ value: number; label: string }>>([]);

  useEffect(() => {
    authApi
      .subAccounts()
      .then((list) => setOptions(list.map((m) => ({ value: m.id, label: `${m.code} · ${m.name}` }))))
      .catch(() => setOptions([]));
  }, []);

  const change = async (id: number) => {
    await authApi.setSubAccount(id);
    await reload();
    const tabs = useTabs.getState();
    tabs.tabs.forEach((tab) => tabs.refresh(tab.path));
  };

  return (
    <Select
      size="small"
      aria-label={t('layout.subAccount')}
      value={subId}
      onChange={(id) => void change(id)}
      options={[{ value: 0, label: t('layout.allMerchants') }, ...options]}
      style={{ width: mobile ? 150 : 190 }}
      popupMatchSelectWidth={false}
      data-testid="sub-account-select"
    />
  );
}
