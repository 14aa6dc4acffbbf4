import type { packScanRefEn } from './en.js';

/** Deutsche Texte der Packübersicht eines Händlers nach Referenz (Issue 18 Punkt 5, docs/packing.md). */
export const packScanRefDe: typeof packScanRefEn = {
  packScanRef: {
    title: 'Verpackung nach Referenz',
    hint: 'Ihre Referenznummer (oder die Auftragsnummer) eingeben: Packfortschritt, Pakete, wer sie wann gepackt hat und die Sendungsnummern.',
    search: 'Referenznummer',
    none: 'Kein Auftrag von Ihnen hat diese Referenz',
    ref: 'Referenz {{ref}}',
    created: 'Bestellt {{at}}',
    progress: '{{picked}} / {{units}} Einheiten kommissioniert',
    notPacked: 'Noch nicht gepackt',
    parcel: 'Paket {{n}}',
    packedBy: 'Gepackt von {{user}} an {{station}}',
    packedAt: '{{at}}',
    weight: '{{kg}} kg',
    dimensions: '{{length}} × {{width}} × {{height}} cm',
    tracking: 'Sendungsnummern',
    noTracking: 'Noch keine Sendungsnummer',
    lines: 'Artikel',
  },
};
