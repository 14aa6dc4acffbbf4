import { App } from 'antd';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { io, type Socket } from 'socket.io-client';
import { API_BASE } from '../api/config.js';
import { invalidateAfterJob } from '../api/job-invalidation.js';
import { useAuth } from '../auth/store.js';
import { storeRfid, useRealtime, type JobEvent, type PrintRequest } from './events.js';
import { isNewerVersion } from './version.js';

/** Pages that never open the socket (label and print views run in their own windows). */
const NO_SOCKET_PAGES = /^\/(label|labelBox|labelPLT|print|printItemlist|pdfViewer)(\/|$)/;

/**
 * The realtime connection (spec §7): socket.io at /ws/, websocket only, reconnecting at most every
 * 6666 ms; `login` on every connect; msg, rfid, info, print and job events handled here.
 */
export function useRealtimeConnection(): void {
  const { notification, modal } = App.useApp();
  const { t } = useTranslation();
  const token = useAuth((s) => s.token);
  const user = useAuth((s) => s.user);
  const versionDialogShown = useRef(false);

  useEffect(() => {
    if (!token || !user || NO_SOCKET_PAGES.test(location.pathname)) return;
    const socket: Socket = io(API_BASE || undefined, {
      path: '/ws/',
      transports: ['websocket'],
      reconnectionDelayMax: 6666,
      query: { x_token: token },
    });
    const state = useRealtime.getState();
    socket.on('connect', () => {
      state.setConnected(true);
      socket.emit('login', {
        token,
        version: __WEB_VERSION__,
        userAgent: navigator.userAgent,
        printShipment: user.printShipment,
        account: user.account,
        name: user.name,
        roles: user.roles,
      });
    });
    socket.on('disconnect', () => state.setConnected(false));
    // Pushed messages come up in the bottom corner: the top bar's menus (language, avatar, sub-account)
    // open downwards from the top right, and a notice there would cover them while it is read.
    socket.on('msg', (text: unknown) =>
      notification.info({
        message: String(typeof text === 'object' && text ? ((text as { text?: string }).text ?? '') : text),
        duration: 5,
        placement: 'bottomRight',
      }),
    );
    socket.on('rfid', (payload: unknown) => storeRfid(payload));
    socket.on('print', (payload: PrintRequest) => state.pushPrint(payload));
    // The station reported a print of this user failed (modules/printing): say so where the user is.
    socket.on('printJob', (event: { state?: string; error?: string }) => {
      if (event?.state === 'failed')
        notification.error({ message: t('printStation.failedNotice'), description: event.error, duration: 8, placement: 'bottomRight' });
    });
    socket.on('job', (event: JobEvent) => {
      state.jobEvent(event);
      invalidateAfterJob(event);
    });
    socket.on('info', (info: { webVersion?: string }) => {
      if (!info?.webVersion || versionDialogShown.current || !isNewerVersion(info.webVersion, __WEB_VERSION__)) return;
      versionDialogShown.current = true;
      modal.confirm({
        title: t('session.newVersionTitle'),
        content: t('session.newVersionText', { version: info.webVersion }),
        okText: t('session.update'),
        cancelText: t('session.notYet'),
        onOk: () => location.reload(),
      });
    });
    return () => {
      socket.removeAllListeners();
      socket.disconnect();
      state.setConnected(false);
    };
  }, [token, user, notification, modal, t]);
}
