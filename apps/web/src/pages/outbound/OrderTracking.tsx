import { useQuery } from '@tanstack/react-query';
import { Empty, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { DocNo } from '../../components/DocNo.js';
import { outboundApi } from './outbound-api.js';
import { TrackingTimeline, TrackingZoneNote } from '../../components/tracking/TrackingTimeline.js';
import { eventsByParcel } from '../../components/tracking/tracking-view.js';

/**
 * An order's carrier tracking events (issue 19 item 5), one timeline per parcel, newest first. The
 * events come from the tracking poll (docs/shipping.md "Tracking"); this tab only reads them.
 */
export function OrderTracking({ orderId }: { orderId: number }) {
  const { t } = useTranslation();
  const events = useQuery({ queryKey: ['order-tracking', orderId], queryFn: () => outboundApi.tracking(orderId) });
  const parcels = eventsByParcel(events.data ?? []);
  if (!events.isLoading && parcels.length === 0) return <Empty description={t('tracking.none')} data-testid="order-tracking-empty" />;
  return (
    <div data-testid="order-tracking">
      <TrackingZoneNote />
      {parcels.map((parcel) => (
        <div key={parcel.trackingNumber} style={{ marginBottom: 16 }}>
          <Typography.Text strong>
            <DocNo>{parcel.trackingNumber}</DocNo>
          </Typography.Text>
          <TrackingTimeline events={parcel.events} eventTestId="order-tracking-event" />
        </div>
      ))}
    </div>
  );
}
