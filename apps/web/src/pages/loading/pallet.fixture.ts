import type { Pallet } from './loading-api.js';

/** The demo's pallet LD20260001 (facts §2.6) as the pallet routes answer it, open and empty: the loading screens' tests start from it. */
export const OPEN_PALLET: Pallet = {
  id: 1,
  guid: 'g-1',
  palletCode: 'LD20260001',
  pickupCarrier: 'DHL Freight',
  unitStr: 'Pallet',
  plateNumber2: 'B-AB 1234',
  pickupDate: '2026-10-02',
  importantNote: '',
  trackingCount: 0,
  state: 'open',
  closedAt: null,
  signedFiles: [],
  createdAt: '2026-11-25T08:00:00.000Z',
};
