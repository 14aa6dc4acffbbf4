import type { TrackingEventRow } from '@kontor/contracts/domains/tracking-responses';
import { Tag, Timeline, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../../lib/format.js';
import { browserTimeZone, trackingColour, trackingKindKey } from './tracking-view.js';

/**
 * One parcel's carrier events as a timeline, in the order given (newest first as the server answers):
 * the kind as a tag, the carrier's text, time and place. An order's Tracking tab and a gate shipment's
 * detail show their parcels with it.
 */
export function TrackingTimeline({ events, eventTestId }: { events: TrackingEventRow[]; eventTestId: string }) {
  const { t } = useTranslation();
  return (
    <Timeline
      style={{ marginTop: 8 }}
      items={events.map((e) => ({
        key: e.id,
        color: trackingColour(e),
        children: (
          <div data-testid={eventTestId}>
            <Tag color={trackingColour(e)}>{t(trackingKindKey(e))}</Tag>
            <Typography.Text>{e.text}</Typography.Text>
            <div>
              <Typography.Text type="secondary">{[formatDateTime(e.at), e.location].filter(Boolean).join(' · ')}</Typography.Text>
            </div>
          </div>
        ),
      }))}
    />
  );
}

/**
 * Which zone the events' times are in: the browser's, as `formatDateTime` shows them (spec §9's format
 * has no zone), said once above a record's parcels, since staff and merchants read them in different places.
 */
export function TrackingZoneNote() {
  const { t } = useTranslation();
  return (
    <Typography.Text type="secondary" style={{ fontSize: 12 }} data-testid="tracking-time-zone">
      {t('tracking.timesIn', { zone: browserTimeZone() })}
    </Typography.Text>
  );
}
