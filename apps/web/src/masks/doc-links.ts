/**
 * References a mask list opens as links to their document's screen (issue 15 item 8): the inventory
 * log's reference number opens the outbound order, the inbound order or the return it was booked
 * under, on the first screen of that document the user may open (staff, warehouse or merchant
 * endpoint). Stocktakes and merged units are shown as their number without a link: their screens
 * open them from their own lists.
 */
type Row = Record<string, unknown>;

interface DocScreen {
  /** Screens that open this kind of document, the first one the user may open wins. */
  paths: string[];
  /** The address parameter the screen opens a document by, and the row's value for it. */
  param: 'id' | 'no';
  value: (row: Row) => unknown;
}

const DOC_SCREENS: Record<string, DocScreen> = {
  outbound: { paths: ['/eEP/outbound-orders', '/wEP/outbound', '/mEP/outbound-orders'], param: 'id', value: (row) => row.refId },
  inbound: { paths: ['/eEP/inbound-orders', '/wEP/inbound-orders', '/mEP/inbound-orders'], param: 'no', value: (row) => row.refNo },
  return: { paths: ['/eEP/received', '/wEP/received', '/mEP/received'], param: 'no', value: (row) => row.refNo },
};

/** Mask columns whose value is a document reference, by mask. */
const LINKED_COLUMNS: Record<string, string> = { 'wms.inventorylog': 'refNo', 'mep.inventorylog': 'refNo' };

/** The address that opens the row's document, when this column holds one and the user may open it. */
export function docHref(mask: string, column: string, row: Row, allowed: readonly string[] | null): string | undefined {
  if (LINKED_COLUMNS[mask] !== column) return undefined;
  const screen = DOC_SCREENS[String(row.refType)];
  const value = screen?.value(row);
  if (!screen || value === null || value === undefined || value === '') return undefined;
  const path = screen.paths.find((p) => allowed?.includes(p));
  return path ? `${path}?${screen.param}=${encodeURIComponent(String(value))}` : undefined;
}
