import { INBOUND_ORDER } from '@kontor/contracts/status/inbound';
import { Descriptions, Space, Tag, Tooltip } from 'antd';
import { useTranslation } from 'react-i18next';
import { formatDateTime, na } from '../../lib/format.js';
import { countingStarted, Difference } from './DetailTables.js';
import { FileLinks } from '../../components/FilesInput.js';
import type { InboundOrderRow } from './inbound-api.js';
import { StateTag } from '../../components/StateTag.js';

const orNA = (v: string | null | undefined) => v || na();

/** Tracking numbers; those already logged at the gate (logging scan) are marked green. */
function Tracking({ order }: { order: InboundOrderRow }) {
  const { t } = useTranslation();
  if (!order.trackingNumbers.length) return <>{na()}</>;
  return (
    <Space size={[4, 4]} wrap>
      {order.trackingNumbers.map((n) =>
        order.trackingLogged.includes(n) ? (
          <Tooltip key={n} title={t('inbound.trackingLogged')}>
            <Tag color="green">{n}</Tag>
          </Tooltip>
        ) : (
          <Tag key={n}>{n}</Tag>
        ),
      )}
    </Space>
  );
}

/** The header of an inbound order: what was announced and how far receiving and putaway have come. */
export function OrderHeader({ order, showMerchant }: { order: InboundOrderRow; showMerchant: boolean }) {
  const { t } = useTranslation();
  const items = [
    {
      key: 'unid',
      label: t('inbound.number'),
      children: (
        <strong className="doc-no" data-testid="inbound-detail-unid">
          {order.unid}
        </strong>
      ),
    },
    { key: 'status', label: t('inbound.status'), children: <StateTag machine={INBOUND_ORDER} code={order.status} /> },
    ...(showMerchant ? [{ key: 'merchant', label: t('inbound.merchant'), children: order.merchantName }] : []),
    { key: 'warehouse', label: t('inbound.warehouse'), children: order.warehouseCode },
    { key: 'reference', label: t('inbound.reference'), children: orNA(order.reference) },
    { key: 'expected', label: t('inbound.expectedDate'), children: orNA(order.expectedDate?.slice(0, 10)) },
    { key: 'carrier', label: t('inbound.carrier'), children: orNA(order.carrier) },
    { key: 'container', label: t('inbound.container'), children: orNA(order.containerNumber) },
    { key: 'tracking', label: t('inbound.trackingNumbers'), children: <Tracking order={order} />, span: 'filled' as const },
    { key: 'packages', label: t('inbound.packages'), children: t('inbound.packagesValue', { boxes: order.boxQty, pallets: order.palletQty }) },
    {
      key: 'units',
      label: t('inbound.units'),
      children: (
        <span data-testid="inbound-detail-units">
          {t('inbound.unitsValue', { planned: order.plannedUnits, received: order.receivedUnits, damaged: order.damagedUnits, putAway: order.putAwayUnits })}
        </span>
      ),
    },
    { key: 'difference', label: t('inbound.difference'), children: <Difference value={order.difference} counting={countingStarted(order.status)} /> },
    { key: 'created', label: t('inbound.created'), children: formatDateTime(order.createdAt) },
    ...(order.receivingStartedAt ? [{ key: 'started', label: t('inbound.receivingStarted'), children: formatDateTime(order.receivingStartedAt) }] : []),
    ...(order.receivedAt ? [{ key: 'received', label: t('inbound.receivedAt'), children: formatDateTime(order.receivedAt) }] : []),
    ...(order.inboundedAt ? [{ key: 'inbounded', label: t('inbound.inboundedAt'), children: formatDateTime(order.inboundedAt) }] : []),
    { key: 'remark', label: t('inbound.remark'), children: <span style={{ whiteSpace: 'pre-wrap' }}>{orNA(order.remark)}</span>, span: 'filled' as const },
    { key: 'files', label: t('inbound.files'), children: <FileLinks files={order.files} />, span: 'filled' as const },
  ];
  return <Descriptions size="small" bordered column={{ xs: 1, sm: 2 }} items={items} data-testid="inbound-detail-header" />;
}
