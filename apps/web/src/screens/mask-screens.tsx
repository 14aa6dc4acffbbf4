import { lazyScreen } from './lazy-screen.js';

/** A settings route whose screen is a shipped mask: one line per screen (issue 4 §4). */
export const maskScreen = (name: string) =>
  lazyScreen(() => import('../masks/MaskScreen.js').then(({ MaskScreen }) => ({ default: () => <MaskScreen name={name} /> })));

export const MASK_SCREENS = {
  '/settings/lookup': maskScreen('settings.lookup'),
  '/settings/tax': maskScreen('settings.tax'),
  '/settings/merchant': maskScreen('settings.merchant'),
  '/settings/settingPrinters': maskScreen('settings.printers'),
  '/settings/announcements': maskScreen('settings.announcements'),
  '/settings/classes/list': maskScreen('settings.classes'),
  '/settings/classes/duties': maskScreen('settings.duties'),
  '/wms/storehouse/warehouse': maskScreen('wms.warehouse'),
  '/wms/inventorylog': maskScreen('wms.inventorylog'),
  '/mEP/inventorylog': maskScreen('wms.inventorylog'),
  '/wEP/shippingLog': maskScreen('p11y.shippinglog'),
};
