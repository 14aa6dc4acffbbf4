import type { manifestsEn } from './en.js';

/** German texts of the end-of-day manifests (issue 19 item 4); spread into screens-de.ts. */
export const manifestsDe: typeof manifestsEn = {
  manifests: {
    day: 'Tag',
    today: 'Heute',
    refresh: 'Aktualisieren',
    cutoff: 'Annahmeschluss {{time}}',
    cutoffPassed: 'Annahmeschluss {{time}} vorbei',
    empty: 'An diesem Tag wurden keine Pakete übergeben.',
    noAccount: 'Kein Konto beim Versanddienstleister (Label außerhalb von Kontor erstellt)',
    carrierCall: 'Die Tagesabschlussliste wird an den Versanddienstleister übermittelt',
    documentsOnly: 'Nur Dokumente (der Versanddienstleister hat keinen Tagesabschluss-Aufruf)',
    handedOver: 'Übergeben',
    open: 'Nicht abgeschlossen',
    late: 'Verspätet',
    lateAlert_one: '{{count}} Paket wurde bis zum Annahmeschluss nicht in eine Tagesabschlussliste aufgenommen.',
    lateAlert_other: '{{count}} Pakete wurden bis zum Annahmeschluss nicht in eine Tagesabschlussliste aufgenommen.',
    closeDay: 'Tag abschließen',
    closeConfirm: 'Den Tag {{day}} für {{account}} abschließen? {{count}} Pakete kommen in die Tagesabschlussliste.',
    closed: 'Tagesabschlussliste {{seq}} mit {{count}} Paketen erstellt.',
    closedFailed:
      'Tagesabschlussliste {{seq}} erstellt, aber vom Versanddienstleister abgelehnt: {{message}}. Tag erneut abschließen, um sie noch einmal zu senden.',
    manifest: 'Tagesabschlussliste {{seq}}',
    parcels_one: '{{count}} Paket',
    parcels_other: '{{count}} Pakete',
    pdf: 'PDF',
    csv: 'CSV',
    state: {
      none: 'Nur Dokumente',
      pending: 'Wird an den Versanddienstleister übermittelt',
      done: 'An den Versanddienstleister übermittelt',
      failed: 'Vom Versanddienstleister abgelehnt',
    },
    carrierRef: 'Referenz {{ref}}',
    yes: 'Tag abschließen',
    no: 'Abbrechen',
    col: {
      tracking: 'Sendungsnr.',
      order: 'Auftrag',
      merchant: 'Händler',
      pallet: 'Beladung',
      handedOverAt: 'Übergeben',
      weight: 'Gewicht (kg)',
      manifest: 'Tagesabschlussliste',
    },
  },
};
