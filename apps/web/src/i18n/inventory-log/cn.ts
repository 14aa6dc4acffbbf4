import type { inventoryLogEn } from './en.js';

/**
 * Texts of the inventory log's values (issue 15 item 8): the ledger's reason codes and the kinds of
 * document a row refers to, as the server writes them; spread into screens-{en,cn,de}.ts.
 */
export const inventoryLogCn: typeof inventoryLogEn = {
  inventoryLogValues: {
    reason: {
      opening: '期初库存',
      receive: '收货',
      putaway: '上架',
      move: '移库',
      adjust: '库存调整',
      count: '盘点',
      status: '状态变更',
      reserve: '预留',
      release: '释放预留',
      pick: '拣货',
      pack: '打包',
      unpack: '拆包',
      return: '退货',
    },
    refType: {
      inbound: '入库单',
      outbound: '出库单',
      return: '退货单',
      stocktake: '盘点单',
      unit: '合并单元',
    },
  },
};
