import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { notify } from '../notify/queue.js';

/** What the user is asked before a change that cannot be taken back (a cancellation). */
export interface ChangeQuestion {
  title: string;
  content: string;
}

/**
 * A status change made by hand from a record's toolbar: `busy` spins its buttons while it runs, and a
 * change with a question runs only once the user confirmed it. A failure was shown by the request
 * layer already, so it is not thrown again.
 */
export function useStatusChange() {
  const { t } = useTranslation();
  const [busy, setBusy] = useState(false);
  const change = (run: () => Promise<unknown>, question?: ChangeQuestion) => {
    const go = async () => {
      setBusy(true);
      try {
        await run();
      } finally {
        setBusy(false);
      }
    };
    if (!question) return void go().catch(() => undefined);
    notify((n) => n.confirm({ ...question, danger: true, okText: t('common.ok'), cancelText: t('common.cancel'), onOk: () => go().catch(() => undefined) }));
  };
  return { busy, change };
}
