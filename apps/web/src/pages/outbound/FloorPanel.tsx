import { OUTBOUND_ORDER } from '@kontor/contracts/status/outbound';
import { useQuery } from '@tanstack/react-query';
import { Button, Card, Col, List, Row, Statistic, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { StateTag } from '../../components/StateTag.js';
import { exceptionTexts } from './field-labels.js';
import { floorApi, type FloorSummary } from './floor-api.js';

type FloorOrder = FloorSummary['late']['orders'][number];

interface Props {
  view: 'warehouse' | 'problematic';
  /** A station's figure was tapped: the list below shows its orders. */
  onStatuses(statuses: number[]): void;
  onOpen(id: number): void;
}

/**
 * What the floor must act on now (issue 19 item 7), above the warehouse's and the problematic list:
 * orders per station from the live counts (each opens its orders in the list), orders late against
 * their requested ship date, and the exceptions with their customer and owner. Reloads with the lists.
 */
export function FloorPanel({ view, onStatuses, onOpen }: Props) {
  const { t } = useTranslation();
  const { data } = useQuery({ queryKey: ['outbound-orders', 'floor', view], queryFn: () => floorApi.summary(view) });
  if (!data) return null;
  const orders = (list: FloorOrder[], testId: string, late: boolean) => (
    <List
      size="small"
      data-testid={testId}
      dataSource={list}
      locale={{ emptyText: t('floor.none') }}
      renderItem={(o) => (
        <List.Item key={o.id} onClick={() => onOpen(o.id)} style={{ cursor: 'pointer', flexWrap: 'wrap', gap: 4 }}>
          <Typography.Text strong>{o.unid}</Typography.Text>
          <StateTag machine={OUTBOUND_ORDER} code={o.status} />
          <Typography.Text type="secondary">{o.merchantName}</Typography.Text>
          <Typography.Text type={late ? 'danger' : 'secondary'}>
            {late
              ? t('floor.rsdOn', { date: o.rsd ?? '' })
              : [
                  exceptionTexts(t, o.exceptionReason, '').reason,
                  o.exceptionOwner && t('outbound.ownerIs', { owner: t(`outbound.owners.${o.exceptionOwner}`) }),
                ]
                  .filter(Boolean)
                  .join(' · ')}
          </Typography.Text>
        </List.Item>
      )}
    />
  );
  return (
    <div data-testid="floor-panel" style={{ marginBottom: 12 }}>
      {view === 'warehouse' && (
        <Card size="small" title={t('floor.stations')} style={{ marginBottom: 12 }}>
          <Row gutter={[8, 8]}>
            {data.stations.map((s) => (
              <Col key={s.key} xs={12} sm={8} md={6} xl={3}>
                <Button
                  block
                  style={{ height: 'auto', padding: 8, whiteSpace: 'normal' }}
                  onClick={() => onStatuses(s.statuses)}
                  data-testid={`floor-${s.key}`}
                >
                  <Statistic title={t(`floor.station.${s.key}`)} value={s.count} />
                </Button>
              </Col>
            ))}
          </Row>
        </Card>
      )}
      <Row gutter={[12, 12]}>
        <Col xs={24} lg={12}>
          <Card size="small" title={t('floor.late', { count: data.late.total })}>
            {orders(data.late.orders, 'floor-late', true)}
          </Card>
        </Col>
        <Col xs={24} lg={12}>
          <Card size="small" title={t('floor.exceptions', { count: data.exceptions.total })}>
            {orders(data.exceptions.orders, 'floor-exceptions', false)}
          </Card>
        </Col>
      </Row>
    </div>
  );
}
