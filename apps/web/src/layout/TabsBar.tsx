import { Dropdown, Tabs } from 'antd';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import { useTabs, type VisitedTab } from './tabs.js';

/** The visited-tabs row with its context menu: Refresh, Close, Close others, Close all. */
export function TabsBar() {
  const { t } = useTranslation();
  const location = useLocation();
  const navigate = useNavigate();
  const { tabs, refresh, close, closeOthers, closeAll } = useTabs();
  const active = location.pathname;
  const go = (path: string) => navigate(tabs.find((t) => t.path === path)?.fullPath ?? path);

  const closeTab = (path: string) => {
    const next = close(path);
    if (next && path === active) navigate(next);
  };

  const menuFor = (tab: VisitedTab) => ({
    items: [
      { key: 'refresh', label: t('tabs.refresh') },
      { key: 'close', label: t('tabs.close'), disabled: tab.affix },
      { key: 'closeOthers', label: t('tabs.closeOthers') },
      { key: 'closeAll', label: t('tabs.closeAll') },
    ],
    onClick: ({ key }: { key: string }) => {
      if (key === 'refresh') {
        refresh(tab.path);
        if (tab.path !== active) navigate(tab.fullPath);
      } else if (key === 'close') closeTab(tab.path);
      else if (key === 'closeOthers') {
        closeOthers(tab.path);
        if (tab.path !== active) navigate(tab.fullPath);
      } else {
        closeAll();
        navigate('/home');
      }
    },
  });

  return (
    <Tabs
      className="visited-tabs"
      type="editable-card"
      hideAdd
      size="small"
      activeKey={active}
      onChange={go}
      onEdit={(key, action) => action === 'remove' && typeof key === 'string' && closeTab(key)}
      items={tabs.map((tab) => ({
        key: tab.path,
        closable: !tab.affix,
        label: (
          <Dropdown menu={menuFor(tab)} trigger={['contextMenu']}>
            <span data-testid={`tab-${tab.path}`}>{t(tab.titleKey)}</span>
          </Dropdown>
        ),
      }))}
      data-testid="visited-tabs"
    />
  );
}
