import type { Locale } from '@kontor/contracts';
import type { Mask, MaskAction } from '@kontor/contracts/masks';
import { useTranslation } from 'react-i18next';
import { request } from '../api/request.js';
import { notify } from '../notify/queue.js';
import { runAction } from './actions.js';
import { apiParams, type ListState } from './list-state.js';
import { reloadMaskRows, type Row } from './use-mask-rows.js';

/**
 * What a mask list does to the server: run an action on rows (after its confirmation, when the
 * definition asks for one), export the current filter as a job, and read the list again afterwards.
 */
export function useMaskActions(mask: Mask, state: ListState, locale: Locale, clearSelection: () => void) {
  const { t } = useTranslation();
  const reload = () => {
    clearSelection();
    void reloadMaskRows(mask);
  };
  const confirmAndRun = (action: MaskAction, rows: Row[]) => {
    const run = async () => {
      const done = await runAction(action, mask, rows).catch(() => -1);
      if (done > 0) notify((n) => n.success(`${action.label[locale]}: ${t('mask.done')} (${done})`));
      reload();
    };
    if (!action.confirm) return void run();
    const content = `${action.confirm[locale]} (${rows.length})`;
    notify((n) =>
      n.confirm({ title: action.label[locale], content, danger: action.danger, okText: t('common.ok'), cancelText: t('common.cancel'), onOk: run }),
    );
  };
  const startExport = async () => {
    const { l: _l, o: _o, ...query } = apiParams(state);
    await request({ url: mask.export?.api ?? `${mask.dataSrc!.api}export`, method: 'POST', params: query });
    notify((n) => n.info(t('mask.exportStarted')));
  };
  return { reload, confirmAndRun, startExport };
}
