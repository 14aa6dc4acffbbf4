import { addressProblems } from '@kontor/contracts';
import { PRIORITY_CODES, type outboundOrderCreateSchema } from '@kontor/contracts/domains/outbound';
import type { z } from 'zod';
import type { OrderColumns } from './outbound.repo.js';

type CreateInput = z.infer<typeof outboundOrderCreateSchema>;

/** Field → column of the order's own fields; JSON fields are written as JSON text. */
const COLUMNS: Record<string, string> = {
  warehouseId: 'warehouse_id',
  typeOfTask: 'type_of_task',
  modeOfTransport: 'mode_of_transport',
  pickupDate: 'pickup_date',
  pickupFrom: 'pickup_from',
  refOrderId: 'ref_order_id',
  unitQty: 'unit_qty',
  weight: 'weight',
  dangerGoods: 'danger_goods',
  autoRetourLabel: 'auto_retour_label',
  forceShipLabel: 'force_ship_label',
  labelSwap: 'label_swap',
  remark: 'remark',
  privateRemark: 'private_remark',
  importantNote: 'important_note',
  rsd: 'rsd',
  rad: 'rad',
  carrier: 'carrier',
  carrierService: 'carrier_service',
  shipNo: 'ship_no',
  retourNo: 'retour_no',
  batchNo: 'batch_no',
  boxQty: 'box_qty',
  pltQty: 'plt_qty',
};
const JSON_COLUMNS: Record<string, string> = {
  consignee: 'consignee',
  consignor: 'consignor',
  sender: 'sender',
  deliveryServices: 'delivery_services',
  relatedFiles: 'related_files',
  dimensions: 'dimensions',
  parcels: 'parcels',
};

/** The columns of the fields an input names (an update names only what changes). */
export function columnsOf(input: Partial<CreateInput>, staff: boolean): OrderColumns {
  const out: Record<string, unknown> = {};
  for (const [field, column] of Object.entries(COLUMNS)) {
    const value = input[field as keyof CreateInput];
    if (value !== undefined && (field !== 'privateRemark' || staff)) out[column] = value;
  }
  for (const [field, column] of Object.entries(JSON_COLUMNS)) {
    const value = input[field as keyof CreateInput];
    if (value !== undefined) out[column] = value === null ? null : JSON.stringify(value);
  }
  if (input.priority) out.priority = PRIORITY_CODES[input.priority];
  if (input.consignee) {
    out.consignee_name = input.consignee.name1;
    out.consignee_country = input.consignee.country;
    out.address_problems = JSON.stringify(addressProblems(input.consignee));
  }
  if (input.parcels) out.ship_bundle = input.parcels.map((p) => p.trackingNo).join('\n');
  // The column names come from COLUMNS / JSON_COLUMNS, whose values are the contract's validated fields.
  return out as OrderColumns;
}
