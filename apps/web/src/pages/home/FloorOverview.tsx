import { useQuery } from '@tanstack/react-query';
import { Alert, Card, Col, Empty, List, Row, Skeleton, Statistic, Typography } from 'antd';
import { lazy, Suspense, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useAuth } from '../../auth/store.js';
import { canOpen } from '../../router/route-match.js';
import { warehouseHour } from '@kontor/contracts/dates';
import { homeApi, type HomeFloor } from './home-api.js';

// The chart library is loaded with the chart only, never with the home page itself.
const ThroughputChart = lazy(() => import('./ThroughputChart.js'));

/** How often the figures are read again while the page is open (they also reload with the order lists). */
const REFRESH_MS = 30_000;

/**
 * The lists the order figures open, the first this user may open: staff cannot open the merchant
 * endpoint's list (the figures were plain numbers for them), merchants cannot open the employee endpoint's.
 */
const ORDER_LISTS = ['/eEP/outbound-orders', '/mEP/outbound-orders', '/sales/channels/proxyDelivery/pd-orders'] as const;

/** `/mEP/outbound-orders?status=13,14`: a list with its filter in the address. */
const listOf = (path: string, filters: Record<string, string | number[]>) =>
  `${path}?${Object.entries(filters)
    .map(([key, value]) => `${key}=${Array.isArray(value) ? value.join(',') : encodeURIComponent(value)}`)
    .join('&')}`;

/** The day before `day` (`YYYY-MM-DD`): late orders are those whose requested ship date is on or before it. */
const dayBefore = (day: string) => new Date(Date.parse(`${day}T12:00:00Z`) - 86_400_000).toISOString().slice(0, 10);

/**
 * The floor on the home page (issue 19 item 10): what the floor must do now, from the live counts. Staff
 * see the whole warehouse (orders by floor state, loaded, late, exceptions, inbound due today, open
 * tickets, throughput per hour); a merchant its own orders by state, late orders, inbound due today and
 * its stock warnings (no tickets: merchants have no ticket list to open). Each figure
 * opens its filtered list when the user may open that list.
 */
export function FloorOverview() {
  const { t } = useTranslation();
  const user = useAuth((s) => s.user);
  const allowed = useAuth((s) => s.allowed);
  const isAdmin = user?.roles.includes('admin') ?? false;
  const merchant = user?.merchantId !== null && user?.merchantId !== undefined;
  const { data, isError } = useQuery({
    queryKey: ['outbound-orders', 'home-floor'],
    queryFn: homeApi.floor,
    refetchInterval: REFRESH_MS,
    refetchOnWindowFocus: true,
  });
  // The call is quiet (a background poll shows no error toast): without this the page would show its
  // loading skeleton for ever when the figures cannot be read. The poll keeps trying.
  if (!data && isError)
    return <Alert type="warning" showIcon style={{ marginTop: 12 }} message={t('homeFloor.unavailable')} data-testid="home-floor-unavailable" />;
  if (!data) return <Skeleton active data-testid="home-floor-loading" />;

  const open = (path: string) => canOpen(path, allowed, isAdmin);
  // The order list this user may open: office and warehouse staff the employee endpoint's, a merchant its own.
  const orders = ORDER_LISTS.find(open) ?? ORDER_LISTS[0];
  const inbound = open('/wEP/inbound-orders') ? '/wEP/inbound-orders' : '/mEP/inbound-orders';
  const figure = (key: string, title: string, count: number, to: string | null, danger = false): ReactNode => {
    const body = (
      <Card size="small" hoverable={!!to} style={{ height: '100%' }}>
        <Statistic title={title} value={count} valueStyle={danger && count > 0 ? { color: '#cf1322' } : undefined} />
      </Card>
    );
    return (
      <Col key={key} xs={12} sm={8} lg={6} xl={4} data-testid={`home-floor-${key}`} data-count={count}>
        {to && open(to.split('?')[0]!) ? (
          <Link to={to} data-testid={`home-floor-${key}-link`}>
            {body}
          </Link>
        ) : (
          body
        )}
      </Col>
    );
  };

  return (
    <div data-testid="home-floor" style={{ marginTop: 12 }}>
      <Typography.Title level={4} style={{ marginTop: 0 }}>
        {t('homeFloor.title')}
      </Typography.Title>
      <Row gutter={[12, 12]}>
        {data.states.map((s) => figure(s.key, t(`homeFloor.state.${s.key}`), s.count, listOf(orders, { status: s.statuses })))}
        {!merchant && figure('loaded', t('homeFloor.loaded'), data.loaded, listOf('/wEP/loadingConfigs', { state: 'loaded' }))}
        {figure('late', t('homeFloor.late'), data.late.count, listOf(orders, { status: data.late.statuses, rsd: `..${dayBefore(data.late.before)}` }), true)}
        {!merchant && figure('exceptions', t('homeFloor.exceptions'), data.exceptions.count, listOf(orders, { status: data.exceptions.statuses }), true)}
        {figure('inboundDue', t('homeFloor.inboundDue'), data.inboundDue.count, listOf(inbound, { status: data.inboundDue.statuses, expectedDate: data.day }))}
        {/* Merchants have no ticket list (spec §2 mEP): a figure they could not open is left out (docs/shipping.md). */}
        {!merchant && figure('tickets', t('homeFloor.tickets'), data.tickets.count, listOf('/eEP/tickets', { status: data.tickets.statuses }))}
      </Row>
      <Row gutter={[12, 12]} style={{ marginTop: 12 }}>
        {!merchant && (
          <Col xs={24} xl={16}>
            <Card
              size="small"
              title={t('homeFloor.throughput')}
              // The hours are the warehouse's, which a user in another zone would not guess.
              extra={
                <Typography.Text type="secondary" data-testid="home-throughput-zone">
                  {data.timeZone}
                </Typography.Text>
              }
              data-testid="home-throughput"
            >
              <Throughput data={data} />
            </Card>
          </Col>
        )}
        {merchant && (
          <Col xs={24} xl={12}>
            <StockWarnings data={data} ordersPath={orders} canOpenOrders={open(orders)} />
          </Col>
        )}
      </Row>
    </div>
  );
}

function Throughput({ data }: { data: HomeFloor }) {
  const { t } = useTranslation();
  if (data.throughput.length === 0)
    return <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('homeFloor.noThroughput')} data-testid="home-throughput-empty" />;
  return (
    <Suspense fallback={<Skeleton active />}>
      <ThroughputChart
        hours={data.throughput}
        untilHour={warehouseHour(new Date(), data.timeZone)}
        labels={{ packed: t('homeFloor.packed'), shipped: t('homeFloor.shipped') }}
      />
    </Suspense>
  );
}

function StockWarnings({ data, ordersPath, canOpenOrders }: { data: HomeFloor; ordersPath: string; canOpenOrders: boolean }) {
  const { t } = useTranslation();
  const { waiting, items } = data.stockWarnings;
  const to = listOf(ordersPath, { status: waiting.statuses });
  const title = `${t('homeFloor.stockWarnings')} · ${t('homeFloor.waitingCount', { count: waiting.count })}`;
  return (
    <Card
      size="small"
      // The title carries the count: on a phone in German it wraps instead of losing it to an ellipsis.
      styles={{ title: { whiteSpace: 'normal' } }}
      title={canOpenOrders ? <Link to={to}>{title}</Link> : title}
      data-testid="home-stock-warnings"
      data-count={waiting.count}
    >
      <List
        size="small"
        dataSource={items}
        locale={{ emptyText: t('homeFloor.noWarnings') }}
        renderItem={(item) => (
          <List.Item key={item.itemId} data-testid="home-stock-warning" style={{ flexWrap: 'wrap', gap: 4 }}>
            <Typography.Text strong>{item.sku}</Typography.Text>
            <Typography.Text type="secondary" ellipsis style={{ maxWidth: 220 }}>
              {item.name}
            </Typography.Text>
            <Typography.Text type="danger">
              {t('homeFloor.missing', { count: item.missing })} · {t('homeFloor.ordersOf', { count: item.orders })}
            </Typography.Text>
          </List.Item>
        )}
      />
    </Card>
  );
}
