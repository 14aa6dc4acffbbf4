import type { RouteDef } from '@kontor/contracts';
import { Menu, type MenuProps } from 'antd';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import { useAuth } from '../auth/store.js';
import { ancestorsOf, menuRoutes } from '../router/route-match.js';
import { RouteIcon } from './icons.js';

type Item = Required<MenuProps>['items'][number];

/** The menu built from the routes this session may open and that have a screen. */
export function SidebarMenu({ collapsed, onNavigate }: { collapsed: boolean; onNavigate?: () => void }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const location = useLocation();
  const allowed = useAuth((s) => s.allowed);
  const isAdmin = useAuth((s) => s.user?.roles.includes('admin') ?? false);
  const userType = useAuth((s) => s.user?.type);
  const routes = useMemo(() => menuRoutes(allowed, isAdmin, userType), [allowed, isAdmin, userType]);

  const toItems = (list: RouteDef[]): Item[] =>
    list.map((route) =>
      route.children
        ? { key: route.path, icon: <RouteIcon name={route.icon} />, label: t(route.titleKey), children: toItems(route.children) }
        : { key: route.path, icon: <RouteIcon name={route.icon} />, label: t(route.titleKey) },
    );

  const current = ancestorsOf(location.pathname) ?? [];
  const selected = current.at(-1)?.path ?? location.pathname;
  return (
    <Menu
      mode="inline"
      theme="dark"
      inlineCollapsed={collapsed}
      items={toItems(routes)}
      selectedKeys={[selected]}
      defaultOpenKeys={collapsed ? [] : current.slice(0, -1).map((r) => r.path)}
      onClick={({ key }) => {
        navigate(key);
        onNavigate?.();
      }}
      className="sidebar-menu"
      data-testid="sidebar-menu"
    />
  );
}
