import { BugOutlined, FontSizeOutlined, FullscreenOutlined, MenuUnfoldOutlined } from '@ant-design/icons';
import { App, Avatar, Badge, Breadcrumb, Button, Dropdown, Tooltip } from 'antd';
import screenfull from 'screenfull';
import { useState } from 'react';
import { LOCALES, type Locale } from '@kontor/contracts';
import { useTranslation } from 'react-i18next';
import { LANGUAGE_NAMES, setLanguage } from '../i18n/index.js';
import { useLocation, useNavigate } from 'react-router';
import { staticUrl } from '../api/static-url.js';
import { authApi } from '../auth/api.js';
import { useAuth } from '../auth/store.js';
import { useTabs } from './tabs.js';
import { LanguageSelect } from '../pages/public/LanguageSelect.js';
import { ancestorsOf } from '../router/route-match.js';
import { defaultAvatar } from './avatar.js';
import { ErrorLogDialog } from './ErrorLogDialog.js';
import { useLayout } from './store.js';
import { SubAccountSelect } from './SubAccountSelect.js';
import { JobsIndicator } from './JobsIndicator.js';
import { UnfinishedTasks } from './UnfinishedTasks.js';
import { roleLabel } from '../auth/role-label.js';

/** Top bar: menu toggle, breadcrumb, error log, merchant scope, full screen, language, avatar menu. */
export function Topbar() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const navigate = useNavigate();
  const location = useLocation();
  const user = useAuth((s) => s.user);
  const signOut = useAuth((s) => s.signOut);
  const { sidebarOpened, toggleSidebar, device, errors } = useLayout();
  const [errorsOpen, setErrorsOpen] = useState(false);
  const crumbs = ancestorsOf(location.pathname) ?? [];

  const fullscreen = () => {
    if (!screenfull.isEnabled) return void message.warning(t('layout.fullscreenUnsupported'));
    void screenfull.toggle();
  };

  // Role switching (spec §6, shell item 26): the session narrows to one held role; routes reload, tabs clear.
  const held = user?.heldRoles ?? [];
  const switchRole = async (role: string | null) => {
    await authApi.switchRole(role);
    useTabs.getState().reset();
    await useAuth.getState().reload();
    navigate('/home', { replace: true });
  };

  const logout = async () => {
    await signOut(true);
    navigate(`/login?redirect=${encodeURIComponent(location.pathname + location.search)}`, { replace: true });
  };

  return (
    <header className="topbar">
      <Button
        type="text"
        aria-label={t('layout.toggleSidebar')}
        onClick={toggleSidebar}
        icon={<MenuUnfoldOutlined />}
        className={sidebarOpened ? 'hamburger open' : 'hamburger'}
        data-testid="hamburger"
      />
      {device === 'desktop' && <Breadcrumb className="topbar-crumbs" items={crumbs.map((r) => ({ title: t(r.titleKey) }))} data-testid="breadcrumb" />}
      <div className="topbar-actions">
        {errors.length > 0 && (
          <Tooltip title={t('layout.errorLog')}>
            <Badge count={errors.length} size="small">
              <Button type="text" icon={<BugOutlined />} onClick={() => setErrorsOpen(true)} aria-label={t('layout.errorLog')} data-testid="error-log-button" />
            </Badge>
          </Tooltip>
        )}
        <JobsIndicator />
        {user && user.type > 100 && <UnfinishedTasks />}
        {user?.roles.includes('admin') && <SubAccountSelect />}
        {device === 'desktop' && (
          <Tooltip title={t('layout.fullscreen')}>
            <Button type="text" icon={<FullscreenOutlined />} onClick={fullscreen} aria-label={t('layout.fullscreen')} />
          </Tooltip>
        )}
        {device === 'desktop' && <SizeSelect />}
        {device === 'desktop' && <LanguageSelect size="small" />}
        <Dropdown
          trigger={['click']}
          menu={{
            items: [
              { key: 'profile', label: t('layout.profile') },
              ...(held.length > 1
                ? [
                    {
                      key: 'roles',
                      label: t('layout.role'),
                      children: [
                        { key: 'role:', label: t('layout.allRoles'), disabled: user!.roles.length === held.length },
                        ...held.map((role) => ({
                          key: `role:${role}`,
                          label: roleLabel(t, role),
                          disabled: user!.roles.length === 1 && user!.roles[0] === role,
                        })),
                      ],
                    },
                  ]
                : []),
              // On phones the language choice lives here, so the top bar fits 375 px.
              ...(device === 'mobile'
                ? [{ key: 'language', label: t('common.language'), children: LOCALES.map((l) => ({ key: `lang:${l}`, label: LANGUAGE_NAMES[l] })) }]
                : []),
              { type: 'divider' },
              { key: 'logout', label: t('layout.logout') },
            ],
            onClick: ({ key }) => {
              if (key === 'logout') return void logout();
              if (key.startsWith('role:')) return void switchRole(key.slice(5) || null);
              if (key.startsWith('lang:')) {
                return void setLanguage(key.slice(5) as Locale);
              }
              navigate('/personal/settings');
            },
          }}
        >
          <button type="button" className="avatar-button" data-testid="avatar-menu">
            <Avatar size="small" src={user?.avatar ? staticUrl(user.avatar) : defaultAvatar(user?.id ?? 0)} alt="" />
            {device === 'desktop' && <span className="avatar-name">{user?.name || user?.account}</span>}
          </button>
        </Dropdown>
      </div>
      <ErrorLogDialog open={errorsOpen} onClose={() => setErrorsOpen(false)} />
    </header>
  );
}

/** The remembered component size (shell item: large, medium by default, small), applied everywhere at once. */
function SizeSelect() {
  const { t } = useTranslation();
  const size = useLayout((s) => s.size);
  const setSize = useLayout((s) => s.setSize);
  return (
    <Dropdown
      trigger={['click']}
      menu={{
        selectable: true,
        selectedKeys: [size],
        items: [
          { key: 'large', label: t('layout.sizeLarge') },
          { key: 'middle', label: t('layout.sizeMedium') },
          { key: 'small', label: t('layout.sizeSmall') },
        ],
        onClick: ({ key }) => setSize(key as 'large' | 'middle' | 'small'),
      }}
    >
      <Button type="text" icon={<FontSizeOutlined />} aria-label={t('layout.size')} data-testid="size-select" />
    </Dropdown>
  );
}
