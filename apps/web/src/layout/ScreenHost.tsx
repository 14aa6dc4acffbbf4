import { Button, Result, Spin } from 'antd';
import { Component, Suspense, useEffect, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import { isChunkLoadError } from '../lib/chunk.js';
import { SCREENS } from '../screens/registry.js';
import { useLayout } from './store.js';
import { useTabs } from './tabs.js';

class ScreenBoundary extends Component<{ children: ReactNode }, { failed: boolean; chunk: boolean }> {
  override state = { failed: false, chunk: false };
  static getDerivedStateFromError(error: unknown) {
    return { failed: true, chunk: isChunkLoadError(error) };
  }
  /** A screen that crashed is kept in the error log (shell item 78) instead of blanking the console. */
  override componentDidCatch(error: Error) {
    useLayout.getState().addError({ code: 'ComponentError', text: error.message, url: location.pathname });
  }
  override render() {
    if (!this.state.failed) return this.props.children;
    return this.state.chunk ? <ChunkFailed /> : <Failed />;
  }
}

function Failed() {
  const { t } = useTranslation();
  return <Result status="error" title={t('error.common')} />;
}

/** A screen whose code did not arrive (spec §8 ChunkLoadError): a reload fetches it again. */
function ChunkFailed() {
  const { t } = useTranslation();
  return (
    <Result
      status="warning"
      title={t('layout.chunkFailed')}
      subTitle={t('layout.chunkFailedText')}
      extra={
        <Button type="primary" onClick={() => window.location.reload()} data-testid="chunk-reload">
          {t('layout.reload')}
        </Button>
      }
      data-testid="chunk-failed"
    />
  );
}

const loading = (
  <div className="screen-loading">
    <Spin />
  </div>
);

/**
 * The visited tabs' screens. The cached tabs (the most recently used MAX_CACHED_PAGES) stay mounted
 * while hidden, so a list keeps its filters and scroll; older tabs and not-cached tabs mount only
 * while active, fresh. A tab's version remounts it (Refresh).
 */
export function ScreenHost() {
  const location = useLocation();
  const tabs = useTabs((s) => s.tabs);
  const cached = useTabs((s) => s.cached);
  const active = location.pathname;

  useEffect(() => {
    window.scrollTo(0, 0);
  }, [active]);

  return (
    <>
      {tabs
        .filter((tab) => tab.path === active || (!tab.noCache && cached.includes(tab.path)))
        .map((tab) => {
          const Screen = SCREENS[tab.screenPath];
          if (!Screen) return null;
          return (
            <div key={`${tab.path}#${tab.version}`} hidden={tab.path !== active} className="screen" data-screen={tab.path}>
              <ScreenBoundary>
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
