/** DPD tracking: the ParcelLifeCycleService answer's reached statuses as tracking events. */
import type { TrackingEvent } from '../../driver.js';
import { find, findAll, textOf, type XmlNode } from './xml.js';

/** DPD's tracking statuses as Kontor's event kinds. */
export function trackKind(status: string): TrackingEvent['kind'] {
  if (status === 'Delivered') return 'delivered';
  if (status === 'Courier' || status === 'ParcelShop') return 'in_delivery';
  if (status === 'DeliveryFailure' || status === 'Problem') return 'exception';
  if (/^Return(ed)?$|BackToSender/i.test(status)) return 'returned';
  if (['PickedUp', 'Accepted', 'AtSendingDepot', 'BetweenDepots', 'Depot', 'OnTheRoad', 'AtDeliveryDepot', 'ReturningFromDelivery'].includes(status)) {
    return 'in_transit';
  }
  return 'info';
}

/** DPD writes `8/17/2021 7:11:26 PM` (local time); answered as ISO local time without a zone. */
export function dpdTime(text: string): string {
  const m = /^(\d{1,2})\/(\d{1,2})\/(\d{4}) (\d{1,2}):(\d{2}):(\d{2}) ?(AM|PM)?$/i.exec(text.trim());
  if (!m) return text.trim();
  let hour = Number(m[4]) % 12;
  if ((m[7] ?? '').toUpperCase() === 'PM') hour += 12;
  else if (!m[7]) hour = Number(m[4]);
  const p = (n: number | string) => String(n).padStart(2, '0');
  return `${m[3]}-${p(m[1]!)}-${p(m[2]!)}T${p(hour)}:${m[5]}:${m[6]}`;
}

/** The reached statuses of a `getTrackingData` answer about `number`, as events. */
export function trackingEvents(doc: XmlNode, number: string): TrackingEvent[] {
  const events: TrackingEvent[] = [];
  for (const info of findAll(find(doc, 'trackingresult'), 'statusInfo')) {
    if (textOf(info, 'statusHasBeenReached') !== 'true') continue;
    const status = info.children.find((c) => c.name === 'status')?.text.trim() ?? '';
    const description = findAll(find(info, 'description'), 'content')
      .filter((c) => c.children.length === 0)
      .map((c) => c.text.trim())
      .filter(Boolean)
      .join(' ');
    const location = textOf(find(info, 'location'), 'content');
    events.push({
      trackingNumber: number,
      at: dpdTime(textOf(find(info, 'date'), 'content')),
      kind: trackKind(status),
      carrierCode: status,
      text: description || textOf(find(info, 'label'), 'content'),
      ...(location ? { location } : {}),
    });
  }
  return events;
}
