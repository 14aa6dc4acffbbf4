/**
 * DHL Parcel DE Returns API v1 (issue 17 item 3, `autoRetourLabel`): a real DHL Retoure label, billed
 * only when the customer hands the parcel in, instead of a DHL Paket bought with the addresses swapped.
 *
 * - `POST {returns endpoint}/orders?labelType=SHIPMENT_LABEL` with one return order per call:
 *   `receiverId` (the returns receiver set up in DHL's business portal, e.g. `deu`), `customerReference`,
 *   `shipmentReference`, `shipper` (the customer sending the parcel back, alpha-3 country), `itemWeight`
 *   and, from outside the EU, `customsDetails.items`. Same authentication as the Shipping API.
 * - 201 answers `shipmentNo`, `label.b64` (PDF), `routingCode`; refusals are problem documents
 *   (`title`, `status`, `detail`).
 * - There is no cancel call: an unused return label costs nothing, so voiding one is done in Kontor only
 *   (the carrier reference is prefixed `RET:` so `void` knows).
 *
 * The returns endpoint is the account option `returnsEndpoint`, else the shipping endpoint with its
 * `/v2` replaced by `/returns/v1` (`https://api-eu.dhl.com/parcel/de/shipping/returns/v1`).
 */
import { CarrierError, type BoughtParcel, type CarrierAccountConfig, type DriverContext, type LabelRequest, type LabelResult } from '../../driver.js';
import { httpCall, parseJson } from '../../driver-http.js';
import { statusError } from './errors.js';
import { base, contactAddress, customs, headers } from './parts.js';

/** Prefix of a return label's carrier reference: it cannot be cancelled at DHL. */
export const RETURN_REF = 'RET:';

export function returnsBase(account: CarrierAccountConfig): string {
  const explicit = account.options.returnsEndpoint?.replace(/\/+$/, '');
  return explicit || `${base(account).replace(/\/v2$/, '')}/returns/v1`;
}

interface ReturnAnswer {
  shipmentNo?: string | number;
  internationalShipmentNo?: string;
  label?: { b64?: string };
  routingCode?: string;
  title?: string;
  detail?: string;
  status?: number;
}

export function buildReturnOrder(request: LabelRequest, parcelIndex: number) {
  const parcel = request.parcels[parcelIndex]!;
  const declaration = parcel.customs ?? request.customs;
  return {
    receiverId: request.account.options.returnReceiverId,
    customerReference: request.reference.slice(0, 30),
    shipmentReference: parcel.key.slice(0, 30),
    // The customer sends the parcel back: the order's consignee is the return's shipper.
    shipper: contactAddress(request.consignee, 'consignee'),
    itemWeight: { uom: 'kg', value: parcel.weightKg },
    ...(declaration ? { customsDetails: { items: customs(declaration).items } } : {}),
  };
}

/** Error kinds of a refused return order, from DHL's words (the problem document has no property). */
function refusal(httpStatus: number, answer: ReturnAnswer | undefined): CarrierError {
  const text = `${answer?.title ?? ''} ${answer?.detail ?? ''}`.trim() || `HTTP ${httpStatus}`;
  if (httpStatus !== 400 && httpStatus !== 422) return statusError(httpStatus, answer);
  if (/receiver/i.test(text)) return new CarrierError('service', `DHL Retoure: ${text}`, { httpStatus, field: 'returnReceiverId' });
  if (/postal|zip|street|city|address|country|plz/i.test(text)) return new CarrierError('address', `DHL Retoure: ${text}`, { httpStatus });
  if (/weight|gewicht/i.test(text)) return new CarrierError('weight', `DHL Retoure: ${text}`, { httpStatus });
  if (/customs|zoll/i.test(text)) return new CarrierError('customs', `DHL Retoure: ${text}`, { httpStatus });
  return new CarrierError('refused', `DHL Retoure: ${text}`, { httpStatus });
}

/** One return order per parcel; a later refusal leaves the earlier labels unused (they cost nothing). */
export async function buyReturnLabels(request: LabelRequest, ctx: DriverContext): Promise<LabelResult> {
  const parcels: BoughtParcel[] = [];
  for (let i = 0; i < request.parcels.length; i++) {
    const res = await httpCall(
      'DHL',
      ctx,
      `${returnsBase(request.account)}/orders?labelType=SHIPMENT_LABEL`,
      {
        method: 'POST',
        headers: { ...headers(request.account), 'content-type': 'application/json' },
        body: JSON.stringify(buildReturnOrder(request, i)),
      },
      { mayHaveActed: true },
    );
    const answer = parseJson(res.text) as ReturnAnswer | undefined;
    if (res.status !== 200 && res.status !== 201) throw refusal(res.status, answer);
    if (answer?.shipmentNo === undefined || !answer.label?.b64)
      throw new CarrierError('refused', 'DHL Retoure answered no shipment number or label', { uncertain: true, httpStatus: res.status });
    parcels.push({
      key: request.parcels[i]!.key,
      trackingNumber: String(answer.shipmentNo),
      carrierRef: `${RETURN_REF}${String(answer.shipmentNo)}`,
      label: Buffer.from(answer.label.b64, 'base64'),
      format: 'pdf', // the Returns API prints PDF only
    });
  }
  return { parcels };
}
