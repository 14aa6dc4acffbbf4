import type { inventoryLogEn } from './en.js';

/**
 * Texts of the inventory log's values (issue 15 item 8): the ledger's reason codes and the kinds of
 * document a row refers to, as the server writes them; spread into screens-{en,cn,de}.ts.
 */
export const inventoryLogDe: typeof inventoryLogEn = {
  inventoryLogValues: {
    reason: {
      opening: 'Anfangsbestand',
      receive: 'Wareneingang',
      putaway: 'Eingelagert',
      move: 'Umgelagert',
      adjust: 'Korrektur',
      count: 'Inventur',
      status: 'Status geändert',
      reserve: 'Reserviert',
      release: 'Reservierung aufgehoben',
      pick: 'Kommissioniert',
      pack: 'Verpackt',
      unpack: 'Entpackt',
      return: 'Retoure',
    },
    refType: {
      inbound: 'Eingangsauftrag',
      outbound: 'Ausgangsauftrag',
      return: 'Retoure',
      stocktake: 'Inventur',
      unit: 'Zusammengefasste Einheit',
    },
  },
};
