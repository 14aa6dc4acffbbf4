import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { notify } from '../../notify/queue.js';
import { stocktakes, type StockCount } from './inventory-api.js';
import type { CountSheet } from './use-count-sheet.js';

/** Save the counted quantities, approve (saving first) and cancel a count; each answer replaces the sheet. */
export function useCountActions(id: number, sheet: CountSheet, onChanged: () => void) {
  const { t } = useTranslation();
  const [busy, setBusy] = useState(false);
  const run = async (work: () => Promise<StockCount>, done?: string) => {
    setBusy(true);
    try {
      sheet.replace(await work());
      if (done) notify((n) => n.success(done));
      onChanged();
    } finally {
      setBusy(false);
    }
  };
  const save = () =>
    stocktakes.count(
      id,
      sheet.changed.map((l) => ({ compartmentId: l.compartmentId, itemId: l.itemId, batch: l.batch, status: l.status, counted: sheet.drafts[l.key]! })),
    );
  const confirm = (title: string, content: string, onOk: () => Promise<void>, danger?: boolean) =>
    notify((n) => n.confirm({ title, content, danger, okText: t('common.ok'), cancelText: t('common.cancel'), onOk }));
  return {
    busy,
    save: () => void run(save, t('stocktake.saved')).catch(() => undefined),
    approve: () =>
      confirm(t('stocktake.approve'), t('stocktake.approveConfirm'), () =>
        run(async () => {
          if (sheet.changed.length) await save();
          return stocktakes.post(id);
        }, t('stocktake.posted')).catch(() => undefined),
      ),
    cancel: () => confirm(t('stocktake.cancel'), t('stocktake.cancelConfirm'), () => run(() => stocktakes.cancel(id)).catch(() => undefined), true),
  };
}
