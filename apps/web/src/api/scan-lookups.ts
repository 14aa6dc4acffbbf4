/** `GET /v0/compartment/any` (facts §2.7): a miss answers `guid: ""`. */
export interface CompartmentHit {
  guid: string;
  id?: number;
  name: string;
  warehouseUNID?: string;
  warehouseId?: number;
  zoneCode?: string | null;
  pickingPriority?: number;
  blocked?: boolean;
  inventory?: { quantity: number; lockedQty: number; rows: number };
}

/** `GET /v0/item/any` (facts §2.7): a miss answers `guid: ""`. */
export interface ItemHit {
  guid: string;
  id?: number;
  unid: string;
  name?: string;
  barcode?: string | null;
  customer?: string;
  merchantId?: number;
  weight?: number;
  batchTracked?: boolean;
  /** Units added need their best-before date. */
  expiryTracked?: boolean;
}
