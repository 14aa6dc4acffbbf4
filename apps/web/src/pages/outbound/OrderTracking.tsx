import { useQuery } from '@tanstack/react-query';
import { Empty, Tag, Timeline, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { DocNo } from '../../components/DocNo.js';
import { formatDateTime } from '../../lib/format.js';
import { outboundApi } from './outbound-api.js';
import { eventsByParcel, trackingColour, trackingKindKey } from './tracking-view.js';

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
      {parcels.map((parcel) => (
        <div key={parcel.trackingNumber} style={{ marginBottom: 16 }}>
          <Typography.Text strong>
            <DocNo>{parcel.trackingNumber}</DocNo>
          </Typography.Text>
          <Timeline
            style={{ marginTop: 8 }}
            items={parcel.events.map((e) => ({
              key: e.id,
              color: trackingColour(e),
              children: (
                <div data-testid="order-tracking-event">
                  <Tag color={trackingColour(e)}>{t(trackingKindKey(e))}</Tag>
                  <Typography.Text>{e.text}</Typography.Text>
                  <div>
                    <Typography.Text type="secondary">{[formatDateTime(e.at), e.location].filter(Boolean).join(' · ')}</Typography.Text>
                  </div>
                </div>
              ),
            }))}
          />
        </div>
      ))}
    </div>
  );
}
