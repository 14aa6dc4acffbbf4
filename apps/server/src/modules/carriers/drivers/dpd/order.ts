/** DPD's `storeOrders` order for one parcel: parties, parcel, customs outside the EU and services (see index.ts). */
import { CarrierError, type CarrierAccountConfig, type CarrierAddress, type CustomsData, type LabelRequest, type ParcelSpec } from '../../driver.js';
import { el, type XmlChild } from './xml.js';

const EU = new Set('AT BE BG CY CZ DE DK EE ES FI FR GR HR HU IE IT LT LU LV MC MT NL PL PT RO SE SI SK'.split(' '));

/** The language DPD answers in (the account's `messageLanguage`). */
export const language = (account: CarrierAccountConfig) => account.options.messageLanguage || 'en_EN';

function address(a: CarrierAddress): XmlChild[] {
  return [
    ['name1', a.name1.slice(0, 50)],
    ['name2', a.name2?.slice(0, 35)],
    ['street', a.street.slice(0, 50)],
    ['houseNo', a.streetNumber.slice(0, 8)],
    ['street2', a.addition?.slice(0, 35)],
    ['country', a.country.toUpperCase()],
    ['zipCode', a.zip.replace(/\s+/g, '')],
    ['city', a.city.slice(0, 50)],
    ['phone', a.phone?.slice(0, 30)],
    ['email', a.email?.slice(0, 100)],
  ];
}

function volume(p: ParcelSpec): string | undefined {
  if (!p.lengthCm || !p.widthCm || !p.heightCm) return undefined;
  const d = (n: number) => String(Math.min(999, Math.ceil(n))).padStart(3, '0');
  return `${d(p.lengthCm)}${d(p.widthCm)}${d(p.heightCm)}`;
}

/** Decagrams, DPD's unit of parcel weight (3 kg = 300). */
function dag(kg: number): number {
  return Math.max(1, Math.round(kg * 100));
}

function international(customs: CustomsData, consignee: CarrierAddress): XmlChild[] {
  const total = customs.lines.reduce((s, l) => s + l.unitValueMinor * l.quantity, 0);
  const currency = customs.lines[0]?.currency ?? 'EUR';
  const today = new Date().toISOString().slice(0, 10).replace(/-/g, '');
  return [
    ['parcelType', 'false'],
    ['customsAmount', total],
    ['customsCurrency', currency],
    ['customsAmountEx', total],
    ['customsCurrencyEx', currency],
    ['clearanceCleared', 'N'],
    ['prealertStatus', 'S03'],
    ['exportReason', customs.exportType === 'RETURN_OF_GOODS' ? '03' : customs.exportType === 'GIFT' ? '02' : '01'],
    ['customsTerms', '06'],
    [
      'customsContent',
      customs.lines
        .map((l) => l.description)
        .join(', ')
        .slice(0, 35),
    ],
    ['customsPaper', 'A'],
    ['customsInvoice', customs.invoiceNo],
    ['customsInvoiceDate', today],
    ['commercialInvoiceConsignee', address(consignee)],
    ...customs.lines.map((l, i): XmlChild => [
      'commercialInvoiceLine',
      [
        ['customsTarif', l.hsCode],
        ['content', l.description.slice(0, 200)],
        ['grossWeight', dag(l.weightKg * l.quantity)],
        ['itemsNumber', l.quantity],
        ['amountLine', l.unitValueMinor * l.quantity],
        ['customsOrigin', l.originCountry.toUpperCase()],
        ['invoicePosition', i + 1],
      ],
    ]),
  ];
}

export function orderXml(request: LabelRequest, parcel: ParcelSpec, depot: string): string {
  const sender = request.returnLabel ? request.consignee : request.shipper;
  const recipient = request.returnLabel ? request.shipper : request.consignee;
  const predict = request.services.includes('PREDICT');
  if (predict && !recipient.email && !recipient.phone) {
    throw new CarrierError('service', 'DPD Predict needs the recipient’s e-mail or mobile number', { field: 'consignee.email' });
  }
  const needsCustoms = !EU.has(recipient.country.toUpperCase()) || !EU.has(sender.country.toUpperCase());
  return `<order>${el([
    [
      'generalShipmentData',
      [
        ['mpsCustomerReferenceNumber1', request.reference.slice(0, 35)],
        ['identificationNumber', parcel.key.slice(0, 35)],
        ['sendingDepot', request.account.options.sendingDepot || depot],
        ['product', request.product],
        ['sender', address(sender)],
        ['recipient', address(recipient)],
      ],
    ],
    [
      'parcels',
      [
        ['customerReferenceNumber1', parcel.key.slice(0, 35)],
        ['volume', volume(parcel)],
        ['weight', dag(parcel.weightKg)],
        // One DPD order per parcel: each declares its own units (label-plan.ts customsShares).
        ['international', needsCustoms && (parcel.customs ?? request.customs) ? international((parcel.customs ?? request.customs)!, recipient) : undefined],
      ],
    ],
    [
      'productAndServiceData',
      [
        ['orderType', 'consignment'],
        ['saturdayDelivery', request.services.includes('SATURDAY_DELIVERY') ? 'true' : undefined],
        [
          'predict',
          predict
            ? [
                ['channel', recipient.email ? 1 : 3],
                ['value', recipient.email || recipient.phone],
                ['language', (language(request.account).split('_')[0] ?? 'en').toUpperCase()],
              ]
            : undefined,
        ],
      ],
    ],
  ])}</order>`;
}
