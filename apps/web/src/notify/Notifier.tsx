import { App } from 'antd';
import { useEffect } from 'react';
import { TOAST_SECONDS } from '../api/config.js';
import { setNotifier } from './queue.js';

function Bridge() {
  const { message, modal } = App.useApp();
  useEffect(() => {
    setNotifier({
      error(text, dialog) {
        void message.error({ content: text, duration: TOAST_SECONDS });
        if (!dialog) return;
        if (dialog.modal) modal.error({ title: dialog.title, content: dialog.text });
        else modal.info({ title: dialog.title, content: dialog.text });
      },
      sessionExpired(title, text, okText, onOk) {
        modal.warning({ title, content: text, okText, onOk });
      },
    });
    return () => setNotifier(null);
  }, [message, modal]);
  return null;
}

/** Ant Design's toasts and dialogs for the request layer (spec §8). */
export default function Notifier() {
  return (
    <App component={false}>
      <Bridge />
    </App>
  );
}
