import { Empty, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { DocNo } from '../../components/DocNo.js';
import { TrackingTimeline, TrackingZoneNote } from '../../components/tracking/TrackingTimeline.js';
import type { GateShipment } from './gate-api.js';
import { deliveryTag } from './gate-delivery.js';

/** A parcel's delivery state as a tag (nothing for a parcel without a label). */
export function GateDeliveryTag({ parcel }: { parcel: GateShipment['parcels'][number] }) {
  const { t } = useTranslation();
  const tag = deliveryTag(parcel);
  return tag && <Tag color={tag.colour}>{t(tag.textKey)}</Tag>;
}

/**
 * A gate shipment's detail (docs/carrier-gate.md "Tracking"): per bought parcel its tracking number,
 * delivery state and carrier events, newest first, as the API answers them to the gate user.
 */
export function GateShipmentTracking({ shipment }: { shipment: GateShipment }) {
  const { t } = useTranslation();
  const parcels = shipment.parcels.filter((p) => p.state === 'bought');
  if (parcels.length === 0) return <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('gate.noLabel')} />;
  return (
    <div data-testid={`gate-shipment-tracking-${shipment.id}`}>
      <TrackingZoneNote />
      {parcels.map((parcel) => (
        <div key={parcel.id} style={{ marginBottom: 12 }}>
          <Typography.Text strong>
            <DocNo>{parcel.trackingNumber}</DocNo>
          </Typography.Text>{' '}
          <GateDeliveryTag parcel={parcel} />
          {parcel.events.length > 0 ? (
            <TrackingTimeline events={parcel.events} eventTestId="gate-tracking-event" />
          ) : (
            <div>
              <Typography.Text type="secondary">{t('tracking.none')}</Typography.Text>
            </div>
          )}
        </div>
      ))}
    </div>
  );
}
