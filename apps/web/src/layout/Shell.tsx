import { QueryClientProvider } from '@tanstack/react-query';
import { queryClient } from '../api/query-client.js';
import { App as AntApp, Drawer, Layout } from 'antd';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, useLocation } from 'react-router';
import { useAuth } from '../auth/store.js';
import { requestNotifier } from '../notify/queue.js';
import { useRealtimeConnection } from '../realtime/useRealtimeConnection.js';
import { SystemPage } from '../pages/system/SystemPage.js';
import { canOpen, groupTarget, isKnownRoute, matchScreen } from '../router/route-match.js';
import { ScreenHost } from './ScreenHost.js';
import { SessionPanel } from './SessionPanel.js';
import { SidebarMenu } from './Sidebar.js';
import { useLayout } from './store.js';
import { TabsBar } from './TabsBar.js';
import { useTabs } from './tabs.js';
import { Topbar } from './Topbar.js';
import { registerRouteTitles } from '../i18n/route-titles.js';
import './layout.css';

registerRouteTitles();

/** Mobile when `body width − 1 < 992` (shell item 34): 992 px and narrower. */
const MOBILE_BELOW = 992;

function useResponsive() {
  const setDevice = useLayout((s) => s.setDevice);
  const closeSidebar = useLayout((s) => s.closeSidebar);
  useEffect(() => {
    const apply = () => {
      if (document.hidden) return;
      const mobile = document.body.clientWidth - 1 < MOBILE_BELOW;
      setDevice(mobile ? 'mobile' : 'desktop');
      if (mobile) closeSidebar(true);
    };
    apply();
    window.addEventListener('resize', apply);
    return () => window.removeEventListener('resize', apply);
  }, [setDevice, closeSidebar]);
}

/** What a location inside the shell means: a screen, a utility path, or somewhere else to go. */
interface Resolved {
  redirect?: string;
  refresh?: string;
  to?: string;
  system?: string;
  screen?: NonNullable<ReturnType<typeof matchScreen>>;
}

function useResolvedLocation(): Resolved {
  const location = useLocation();
  const allowed = useAuth((s) => s.allowed);
  const isAdmin = useAuth((s) => s.user?.roles.includes('admin') ?? false);
  const path = location.pathname;
  if (path === '/' || path === '') return { redirect: '/home' };
  if (path === '/clear') return { redirect: '/' };
  if (path.startsWith('/redirect/')) return { refresh: path.slice('/redirect'.length), to: path.slice('/redirect'.length) + location.search };
  if (path === '/404' || path === '/401') return { system: path };
  const target = groupTarget(path, allowed, isAdmin);
  if (target) return { redirect: target + location.search };
  const match = matchScreen(path);
  if (match) return canOpen(path, allowed, isAdmin) || path === '/home' || path === '/personal/settings' ? { screen: match } : { redirect: '/401' };
  // A route of the table without a screen yet is "not found"; anything else goes to sign-in (spec §2).
  return { redirect: isKnownRoute(path) ? '/404' : '/login' };
}

/** The console frame inside Ant Design's App (toasts, dialogs and notifications of the shell). */
export function Shell() {
  useEffect(() => requestNotifier(), []);
  return (
    // The query cache lives with the signed-in console (its chunk), not on the sign-in page.
    <QueryClientProvider client={queryClient}>
      <AntApp component={false}>
        <ShellFrame />
      </AntApp>
    </QueryClientProvider>
  );
}

/** Sidebar, top bar, visited tabs and the screens (issue 3 §3). */
function ShellFrame() {
  useResponsive();
  useRealtimeConnection();
  const location = useLocation();
  const { sidebarOpened, device, closeSidebar, withoutAnimation } = useLayout();
  const visit = useTabs((s) => s.visit);
  const refresh = useTabs((s) => s.refresh);
  const resolved = useResolvedLocation();
  const full = location.pathname + location.search;
  const { t } = useTranslation();
  const titleKey = resolved.screen?.route.titleKey;

  useEffect(() => {
    document.title = titleKey ? `${t(titleKey)} - ${t('app.name')}` : t('app.name');
  }, [titleKey, t]);

  useEffect(() => {
    if (!resolved.screen) return;
    const { route, screenPath } = resolved.screen;
    visit({ path: location.pathname, fullPath: full, screenPath, titleKey: route.titleKey, affix: !!route.affix, noCache: !!route.noCache });
  }, [resolved.screen, full, location.pathname, visit]);

  useEffect(() => {
    if (device === 'mobile') closeSidebar(true);
  }, [full, device, closeSidebar]);

  useEffect(() => {
    if (resolved.refresh) refresh(resolved.refresh);
  }, [resolved.refresh, refresh]);

  if (resolved.redirect) return <Navigate to={resolved.redirect} replace />;
  if (resolved.refresh) return <Navigate to={resolved.to ?? resolved.refresh} replace />;

  const collapsed = device === 'desktop' && !sidebarOpened;
  return (
    <Layout className={`shell ${device}`} data-testid="shell">
      {device === 'desktop' ? (
        <Layout.Sider
          width={210}
          collapsedWidth={54}
          collapsed={collapsed}
          trigger={null}
          className={`sider${withoutAnimation ? ' no-anim' : ''}`}
          data-testid="sidebar"
        >
          <div className="sider-brand">{collapsed ? 'K' : 'Kontor'}</div>
          <SidebarMenu collapsed={collapsed} />
        </Layout.Sider>
      ) : (
        <Drawer
          placement="left"
          open={sidebarOpened}
          onClose={() => closeSidebar()}
          width={210}
          closable={false}
          styles={{ body: { padding: 0, background: '#001529' } }}
          data-testid="sidebar-drawer"
        >
          <div className="sider-brand">Kontor</div>
          <SidebarMenu collapsed={false} onNavigate={() => closeSidebar()} />
        </Drawer>
      )}
      <Layout className="main">
        <Topbar />
        <TabsBar />
        <Layout.Content className="content">
          {resolved.system ? <SystemPage kind={resolved.system === '/401' ? 401 : 404} /> : null}
          <ScreenHost />
        </Layout.Content>
      </Layout>
      <SessionPanel />
    </Layout>
  );
}
