/**
 * Texts of the inventory log's values (issue 15 item 8): the ledger's reason codes and the kinds of
 * document a row refers to, as the server writes them; spread into screens-{en,cn,de}.ts.
 */
export const inventoryLogEn = {
  inventoryLogValues: {
    reason: {
      opening: 'Opening stock',
      receive: 'Received',
      putaway: 'Put away',
      move: 'Moved',
      adjust: 'Adjustment',
      count: 'Stocktake',
      status: 'Status changed',
      reserve: 'Reserved',
      release: 'Reservation released',
      pick: 'Picked',
      pack: 'Packed',
      unpack: 'Unpacked',
      return: 'Returned',
    },
    refType: {
      inbound: 'Inbound order',
      outbound: 'Outbound order',
      return: 'Return',
      stocktake: 'Stocktake',
      unit: 'Merged unit',
    },
  },
};
