import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { configureRequest } from './api/hooks.js';
import { useAuth } from './auth/store.js';
import { tokenStore } from './auth/token.js';
import { useLayout } from './layout/store.js';
import { notify } from './notify/queue.js';
import { loginPathFor } from './router/Guard.js';
import { router } from './router/routes.js';
import { useIdle } from './session/idle.js';

/** Sessions younger than this get the 'Session expired!' dialog on a 403; older ones go straight to sign-in. */
const EXPIRY_DIALOG_WITHIN_MS = 12 * 3_600_000;

/** Wires the request layer to the console: token, language, toasts and dialogs, error log, 403 flow. */
export function RequestBridge() {
  const { t, i18n } = useTranslation();
  const handling = useRef(false);

  useEffect(() => {
    const leave = async () => {
      await useAuth.getState().signOut(false);
      const { pathname, search } = router.state.location;
      handling.current = false;
      if (pathname !== '/login') void router.navigate(loginPathFor(pathname, search), { replace: true });
    };
    configureRequest({
      token: () => useAuth.getState().token,
      language: () => i18n.language,
      translate: (key, params) => t(key, params as Record<string, string>),
      activity: () => useIdle.getState().mark(),
      recordError: (entry) => useLayout.getState().addError(entry),
      showError: (text, dialog) => notify((n) => n.error(text, dialog)),
      sessionGone(text) {
        if (handling.current || !useAuth.getState().token) return;
        handling.current = true;
        notify((n) => n.error(text));
        const createdAt = tokenStore.createdAt();
        if (createdAt > 0 && Date.now() - createdAt < EXPIRY_DIALOG_WITHIN_MS) {
          notify((n) => n.sessionExpired(t('session.expiredTitle'), t('session.expiredText'), t('common.ok'), () => void leave()));
        } else void leave();
      },
    });
  }, [t, i18n]);

  return null;
}
