import type { GateShipment } from './gate-api.js';
import { trackingColour } from '../../components/tracking/tracking-view.js';

type GateParcel = GateShipment['parcels'][number];

/**
 * A gate parcel's delivery state as a tag (docs/carrier-gate.md "Tracking"): the carrier's latest word in
 * the tracking events' words and colours; a bought parcel the carrier has said nothing more of yet waits
 * for it; a parcel without a label (pending, failed, voided) has no delivery to show.
 */
export function deliveryTag(parcel: Pick<GateParcel, 'state' | 'deliveryState'>): { colour: string; textKey: string } | null {
  if (parcel.state !== 'bought') return null;
  if (!parcel.deliveryState) return { colour: 'default', textKey: 'gate.deliveryWaiting' };
  return { colour: trackingColour({ kind: parcel.deliveryState }), textKey: `tracking.kind.${parcel.deliveryState}` };
}
