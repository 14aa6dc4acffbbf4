import { Result, Spin } from 'antd';
import { Component, Suspense, useEffect, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import { SCREENS } from '../screens/registry.js';
import { useLayout } from './store.js';
import { useTabs } from './tabs.js';

class ScreenBoundary extends Component<{ children: ReactNode; fallback: ReactNode }, { failed: boolean }> {
  override state = { failed: false };
  static getDerivedStateFromError() {
    return { failed: true };
  }
  /** A screen that crashed is kept in the error log (shell item 78) instead of blanking the console. */
  override componentDidCatch(error: Error) {
    useLayout.getState().addError({ code: 'ComponentError', text: error.message, url: location.pathname });
  }
  override render() {
    return this.state.failed ? this.props.fallback : this.props.children;
  }
}

function Failed() {
  const { t } = useTranslation();
  return <Result status="error" title={t('error.common')} />;
}

const loading = (
  <div className="screen-loading">
    <Spin />
  </div>
);

/**
 * The visited tabs' screens. Cached tabs stay mounted while hidden, so a list keeps its filters and
 * scroll; not-cached tabs mount only while active. A tab's version remounts it (Refresh).
 */
export function ScreenHost() {
  const location = useLocation();
  const tabs = useTabs((s) => s.tabs);
  const active = location.pathname;

  useEffect(() => {
    window.scrollTo(0, 0);
  }, [active]);

  return (
    <>
      {tabs
        .filter((tab) => tab.path === active || !tab.noCache)
        .map((tab) => {
          const Screen = SCREENS[tab.screenPath];
          if (!Screen) return null;
          return (
            <div key={`${tab.path}#${tab.version}`} hidden={tab.path !== active} className="screen" data-screen={tab.path}>
              <ScreenBoundary fallback={<Failed />}>
                <Suspense fallback={loading}>
                  <Screen />
                </Suspense>
              </ScreenBoundary>
            </div>
          );
        })}
    </>
  );
}
