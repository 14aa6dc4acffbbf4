import { ClockCircleOutlined } from '@ant-design/icons';
import { Button, Card } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { authApi } from '../auth/api.js';
import { leaveNotice } from '../auth/notice.js';
import { useAuth } from '../auth/store.js';
import { minutesLeft, useIdle, WARN_MINUTES } from '../session/idle.js';

/**
 * The idle countdown, checked every minute: from 10 minutes left a panel on the right offers
 * keep-me-in-session; at zero the token is cleared and the user lands on sign-in with the notice.
 */
export function SessionPanel() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const lastActivity = useIdle((s) => s.lastActivity);
  const signOut = useAuth((s) => s.signOut);
  const [now, setNow] = useState(() => Date.now());

  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), 60_000);
    return () => clearInterval(timer);
  }, []);

  const left = minutesLeft(lastActivity, Math.max(now, lastActivity));

  useEffect(() => {
    if (left > 0) return;
    leaveNotice(t('session.idleLoggedOut'));
    void signOut(true).then(() => navigate('/login', { replace: true }));
  }, [left, signOut, navigate, t]);

  if (left > WARN_MINUTES || left <= 0) return null;
  return (
    <Card className="session-panel" size="small" data-testid="idle-warning" role="alertdialog">
      <p>
        <ClockCircleOutlined /> {t('session.idleWarning', { minutes: Math.max(1, Math.ceil(left)) })}
      </p>
      <Button type="primary" block onClick={() => void authApi.refresh()} data-testid="keep-session">
        {t('session.keep')}
      </Button>
    </Card>
  );
}
