import type { packScanRefEn } from './en.js';

/** 商户按参考号查看打包情况的中文文本（issue 18 第 5 项，docs/packing.md）。 */
export const packScanRefCn: typeof packScanRefEn = {
  packScanRef: {
    title: '按参考号查看打包',
    hint: '输入您的参考号（或订单号）：查看打包进度、包裹、打包人和时间以及运单号。',
    search: '参考号',
    none: '您没有使用此参考号的订单',
    ref: '参考号 {{ref}}',
    created: '下单于 {{at}}',
    progress: '已拣 {{picked}} / {{units}} 件',
    notPacked: '尚未打包',
    parcel: '包裹 {{n}}',
    packedBy: '由 {{user}} 在 {{station}} 打包',
    packedAt: '{{at}}',
    weight: '{{kg}} kg',
    dimensions: '{{length}} × {{width}} × {{height}} cm',
    tracking: '运单号',
    noTracking: '暂无运单号',
    lines: '商品',
  },
};
