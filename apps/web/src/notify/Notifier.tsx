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
      success(text) {
        void message.success({ content: text, duration: TOAST_SECONDS });
      },
      info(text) {
        void message.info({ content: text, duration: TOAST_SECONDS });
      },
      confirm({ title, content, okText, cancelText, danger, onOk }) {
        modal.confirm({ title, content, okText, cancelText, onOk, okButtonProps: { danger, ...({ 'data-testid': 'confirm-ok' } as object) } });
      },
    });
    return () => setNotifier(null);
  }, [message, modal]);
  return null;
}

/**
 * Ant Design's toasts and dialogs for the request layer (spec §8). Toasts come up at the bottom
 * centre (global.css): at the top they covered a drawer's title and its buttons (issue 15 item 13).
 */
export default function Notifier() {
  return (
    <App component={false}>
      <Bridge />
    </App>
  );
}
