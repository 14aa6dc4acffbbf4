import { Spin } from 'antd';
import { useEffect, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, useLocation, useNavigate } from 'react-router';
import { ApiError } from '../api/errors.js';
import { useAuth } from '../auth/store.js';
import { leaveNotice } from '../auth/notice.js';

export function loginPathFor(pathname: string, search: string): string {
  const target = pathname + search;
  return target && target !== '/' ? `/login?redirect=${encodeURIComponent(target)}` : '/login';
}

/**
 * Everything behind sign-in (spec §2): without a token to `/login?redirect=…`; with one, a single
 * user-info call (and the allowed routes) before the shell renders. A failed verification signs out
 * and says why on the sign-in page.
 */
export function Guard({ children }: { children: ReactNode }) {
  const { t } = useTranslation();
  const location = useLocation();
  const navigate = useNavigate();
  const token = useAuth((s) => s.token);
  const user = useAuth((s) => s.user);
  const load = useAuth((s) => s.load);
  const signOut = useAuth((s) => s.signOut);
  const [failed, setFailed] = useState(false);

  useEffect(() => {
    if (!token || user || failed) return;
    let alive = true;
    load().catch(async (err: unknown) => {
      if (!alive) return;
      setFailed(true);
      // A 403 already runs the session-expired flow; anything else is a failed verification.
      if (err instanceof ApiError && err.kind === 'forbidden') return;
      const message = err instanceof ApiError && err.kind === 'business' ? err.message : t('session.verificationFailed');
      leaveNotice(message);
      await signOut(false);
      navigate(loginPathFor(location.pathname, location.search), { replace: true });
    });
    return () => {
      alive = false;
    };
  }, [token, user, failed, load, signOut, navigate, location.pathname, location.search, t]);

  if (!token) return <Navigate to={loginPathFor(location.pathname, location.search)} replace />;
  if (!user)
    return (
      <div style={{ height: '100vh', display: 'flex', alignItems: 'center', justifyContent: 'center' }} data-testid="guard-loading">
        <Spin size="large" />
      </div>
    );
  return <>{children}</>;
}
