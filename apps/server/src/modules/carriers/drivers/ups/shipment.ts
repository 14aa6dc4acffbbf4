/** UPS: what the Shipping API is asked for a label (products, parties, customs forms) and how its answer reads. */
import { CarrierError, type CarrierAddress, type CarrierProductDef, type CustomsData, type LabelRequest } from '../../driver.js';

const UPS_SERVICES = ['SATURDAY_DELIVERY', 'NOTIFICATION', 'DIRECT_DELIVERY_ONLY'];

export const UPS_PRODUCTS: CarrierProductDef[] = [
  { code: '11', name: 'UPS Standard', maxWeightKg: 70, zones: ['domestic', 'eu'], services: UPS_SERVICES, returnProduct: '11' },
  { code: '65', name: 'UPS Express Saver', maxWeightKg: 70, zones: ['domestic', 'eu', 'world'], services: UPS_SERVICES, returnProduct: '65' },
  { code: '07', name: 'UPS Express', maxWeightKg: 70, zones: ['domestic', 'eu', 'world'], services: UPS_SERVICES },
  { code: '54', name: 'UPS Express Plus', maxWeightKg: 70, zones: ['domestic', 'eu', 'world'], services: UPS_SERVICES },
  { code: '08', name: 'UPS Expedited', maxWeightKg: 70, zones: ['world'], services: UPS_SERVICES },
];

const REASONS: Record<string, string> = {
  COMMERCIAL_GOODS: 'SALE',
  GIFT: 'GIFT',
  SAMPLE: 'SAMPLE',
  COMMERCIAL_SAMPLE: 'SAMPLE',
  RETURN_OF_GOODS: 'RETURN',
  DOCUMENTS: 'SALE',
};

interface PackageResult {
  TrackingNumber?: string;
  ShippingLabel?: { ImageFormat?: { Code?: string }; GraphicImage?: string };
}
interface Money {
  CurrencyCode?: string;
  MonetaryValue?: string;
}
export interface ShipAnswer {
  ShipmentResponse?: {
    ShipmentResults?: {
      ShipmentIdentificationNumber?: string;
      ShipmentCharges?: { TotalCharges?: Money };
      NegotiatedRateCharges?: { TotalCharge?: Money };
      PackageResults?: PackageResult | PackageResult[];
    };
  };
}

export function asList<T>(v: T | T[] | undefined): T[] {
  return v === undefined ? [] : Array.isArray(v) ? v : [v];
}

function party(a: CarrierAddress) {
  return {
    Name: a.name1.slice(0, 35),
    AttentionName: (a.name2 || a.name1).slice(0, 35),
    ...(a.phone ? { Phone: { Number: a.phone.replace(/[^\d+]/g, '').slice(0, 15) } } : {}),
    ...(a.email ? { EMailAddress: a.email } : {}),
    Address: {
      AddressLine: [`${a.street} ${a.streetNumber}`.trim().slice(0, 35), ...(a.addition ? [a.addition.slice(0, 35)] : [])],
      City: a.city.slice(0, 30),
      PostalCode: a.zip,
      CountryCode: a.country.toUpperCase(),
    },
  };
}

function kg(n: number): string {
  return String(Math.round(n * 10) / 10 || 0.1);
}

function internationalForms(customs: CustomsData, consignee: CarrierAddress) {
  const today = new Date().toISOString().slice(0, 10).replace(/-/g, '');
  return {
    FormType: '01',
    ...(customs.invoiceNo ? { InvoiceNumber: customs.invoiceNo } : {}),
    InvoiceDate: today,
    ReasonForExport: REASONS[customs.exportType] ?? 'SALE',
    CurrencyCode: customs.lines[0]?.currency ?? 'EUR',
    Contacts: { SoldTo: party(consignee) },
    Product: customs.lines.map((l) => ({
      Description: l.description.slice(0, 35),
      Unit: { Number: String(l.quantity), Value: (l.unitValueMinor / 100).toFixed(2), UnitOfMeasurement: { Code: 'PCS' } },
      ...(l.hsCode ? { CommodityCode: l.hsCode } : {}),
      OriginCountryCode: l.originCountry.toUpperCase(),
      ProductWeight: { UnitOfMeasurement: { Code: 'KGS' }, Weight: kg(l.weightKg * l.quantity) },
    })),
  };
}

export function buildShipmentRequest(request: LabelRequest) {
  const product = UPS_PRODUCTS.find((p) => p.code === request.product);
  if (!product) throw new CarrierError('service', `UPS: unknown service code ${request.product}`, { field: 'product' });
  for (const s of request.services) {
    if (!product.services.includes(s)) throw new CarrierError('service', `UPS: service ${s} is not offered with ${product.name}`, { field: 'services' });
  }
  const shipperNumber = request.account.options.shipperNumber;
  if (!shipperNumber) throw new CarrierError('auth', 'UPS: the account has no shipper number');
  // A return label: the customer (our consignee) ships back to the warehouse, billed to the account.
  const from = request.returnLabel ? request.consignee : request.shipper;
  const to = request.returnLabel ? request.shipper : request.consignee;
  const options: Record<string, unknown> = {};
  if (request.services.includes('SATURDAY_DELIVERY')) options.SaturdayDeliveryIndicator = '';
  if (request.services.includes('DIRECT_DELIVERY_ONLY')) options.DirectDeliveryOnlyIndicator = '';
  if (request.services.includes('NOTIFICATION') && to.email) {
    options.Notification = [{ NotificationCode: '6', EMail: { EMailAddress: [to.email] } }];
  }
  if (request.customs) options.InternationalForms = internationalForms(request.customs, to);
  const description = request.customs?.lines.map((l) => l.description).join(', ') || 'Merchandise';

  return {
    ShipmentRequest: {
      Request: { RequestOption: 'nonvalidate', TransactionReference: { CustomerContext: request.reference.slice(0, 512) } },
      Shipment: {
        Description: description.slice(0, 50),
        ...(request.returnLabel ? { ReturnService: { Code: '9' } } : {}),
        Shipper: { ...party(request.shipper), ShipperNumber: shipperNumber },
        ShipTo: party(to),
        ShipFrom: party(from),
        PaymentInformation: { ShipmentCharge: [{ Type: '01', BillShipper: { AccountNumber: shipperNumber } }] },
        Service: { Code: product.code, Description: product.name },
        ReferenceNumber: { Value: request.reference.slice(0, 35) },
        ...(Object.keys(options).length ? { ShipmentServiceOptions: options } : {}),
        Package: request.parcels.map((p) => ({
          Packaging: { Code: '02', Description: 'Package' },
          ...(p.lengthCm && p.widthCm && p.heightCm
            ? {
                Dimensions: {
                  UnitOfMeasurement: { Code: 'CM' },
                  Length: String(Math.ceil(p.lengthCm)),
                  Width: String(Math.ceil(p.widthCm)),
                  Height: String(Math.ceil(p.heightCm)),
                },
              }
            : {}),
          PackageWeight: { UnitOfMeasurement: { Code: 'KGS' }, Weight: kg(p.weightKg) },
        })),
      },
      LabelSpecification:
        request.format === 'zpl'
          ? { LabelImageFormat: { Code: 'ZPL' }, LabelStockSize: { Height: '6', Width: '4' } }
          : { LabelImageFormat: { Code: 'PNG' }, HTTPUserAgent: 'Kontor' },
    },
  };
}

export function money(m: Money | undefined): { minor: number; currency: string } | undefined {
  if (!m?.MonetaryValue) return undefined;
  const n = Number(m.MonetaryValue);
  return Number.isFinite(n) ? { minor: Math.round(n * 100), currency: m.CurrencyCode ?? 'EUR' } : undefined;
}
