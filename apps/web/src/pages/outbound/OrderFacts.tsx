import type { Address } from '@kontor/contracts/domains/outbound';
import { OUTBOUND_ORDER } from '@kontor/contracts/status/outbound';
import { Card, Col, Descriptions, Row, Space, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { formatDateTime, na } from '../../lib/format.js';
import { FileLinks } from '../../components/FilesInput.js';
import { StateTag } from '../../components/StateTag.js';
import { exceptionTexts } from './field-labels.js';
import type { Dimensions, OutboundOrderRow } from './outbound-api.js';
import { PriorityTag } from './PriorityTag.js';

const orNA = (v: string | number | null | undefined) => (v === null || v === undefined || v === '' ? na() : v);
export const dimensionsText = (d: Dimensions | null) => (d ? `${d.length} × ${d.width} × ${d.height} cm` : na());
const filled = 'filled' as const;

/** The flags of an order that are set, as tags; none set reads N/A. */
function Flags({ order }: { order: OutboundOrderRow }) {
  const { t } = useTranslation();
  const set = (['dangerGoods', 'autoRetourLabel', 'forceShipLabel', 'labelSwap'] as const).filter((f) => order[f]);
  if (!set.length) return <>{na()}</>;
  return (
    <Space size={[4, 4]} wrap>
      {set.map((f) => (
        <Tag key={f} color={f === 'dangerGoods' ? 'orange' : undefined}>
          {t(`outbound.flags.${f}`)}
        </Tag>
      ))}
    </Space>
  );
}

function Parcels({ order }: { order: OutboundOrderRow }) {
  const { t } = useTranslation();
  const bundle = (order.shipBundle ?? '').split('\n').filter(Boolean);
  const numbers = order.parcels.length ? order.parcels : bundle.map((trackingNo) => ({ trackingNo, weight: null, dimensions: null }));
  if (!numbers.length) return <>{na()}</>;
  return (
    <Space orientation="vertical" size={2} data-testid="outbound-detail-parcels">
      {numbers.map((p, i) => (
        <span key={`${p.trackingNo}-${i}`}>
          <Typography.Text copyable strong>
            {p.trackingNo}
          </Typography.Text>
          {(p.weight || p.dimensions) && (
            <Typography.Text type="secondary">
              {' · '}
              {[p.weight ? t('outbound.kg', { value: p.weight }) : '', p.dimensions ? dimensionsText(p.dimensions) : ''].filter(Boolean).join(' · ')}
            </Typography.Text>
          )}
        </span>
      ))}
    </Space>
  );
}

/** One address block; the fields the address check found wrong are marked. */
export function AddressCard({ title, address, problems = [] }: { title: string; address: Address | null; problems?: string[] }) {
  const { t } = useTranslation();
  const mark = (field: string, text: string) =>
    problems.includes(field) ? (
      <Typography.Text type="warning" underline>
        {text || t('outbound.missing')}
      </Typography.Text>
    ) : (
      text
    );
  return (
    <Card size="small" title={title} style={{ height: '100%' }}>
      {!address ? (
        <Typography.Text type="secondary">{na()}</Typography.Text>
      ) : (
        <div style={{ lineHeight: 1.7 }}>
          <div>
            <strong>{mark('name1', address.name1)}</strong>
          </div>
          {address.name2 && <div>{address.name2}</div>}
          <div>
            {mark('streetName', address.streetName)} {mark('streetNumber', address.streetNumber)}
          </div>
          {address.addition && <div>{address.addition}</div>}
          <div>
            {mark('zip', address.zip)} {mark('city', address.city)}
          </div>
          <div>{address.country}</div>
          {(address.phone || address.email) && <Typography.Text type="secondary">{[address.phone, address.email].filter(Boolean).join(' · ')}</Typography.Text>}
        </div>
      )}
    </Card>
  );
}

/** The order's own fields (spec §3 "Task order fields" and "Other fields") and its addresses. */
export function OrderFacts({ order, staff }: { order: OutboundOrderRow; staff: boolean }) {
  const { t } = useTranslation();
  const exception = !!(order.exceptionReason || order.exceptionOwner || order.exceptionNote);
  const exceptionText = exceptionTexts(t, order.exceptionReason ?? '', order.exceptionNote ?? '');
  const items = [
    {
      key: 'unid',
      label: t('outbound.number'),
      children: (
        <strong className="doc-no" data-testid="outbound-detail-unid">
          {order.unid}
        </strong>
      ),
    },
    {
      key: 'status',
      label: t('outbound.status'),
      children: (
        <Space size={4} wrap>
          <StateTag machine={OUTBOUND_ORDER} code={order.status} />
          <PriorityTag priority={order.priority} always />
        </Space>
      ),
    },
    ...(staff ? [{ key: 'merchant', label: t('outbound.merchant'), children: `${order.merchantCode} · ${order.merchantName}` }] : []),
    { key: 'warehouse', label: t('outbound.warehouse'), children: orNA(order.warehouseCode) },
    { key: 'typeOfTask', label: t('outbound.typeOfTask'), children: orNA(order.typeOfTask) },
    { key: 'modeOfTransport', label: t('outbound.modeOfTransport'), children: order.modeOfTransport ? t(`outbound.modes.${order.modeOfTransport}`) : na() },
    { key: 'refOrderId', label: t('outbound.refOrderId'), children: orNA(order.refOrderId) },
    { key: 'pickupDate', label: t('outbound.pickupDate'), children: orNA(order.pickupDate?.slice(0, 10)) },
    { key: 'pickupFrom', label: t('outbound.pickupFrom'), children: orNA(order.pickupFrom) },
    { key: 'unitQty', label: t('outbound.unitQty'), children: order.unitQty },
    { key: 'weight', label: t('outbound.weight'), children: t('outbound.kg', { value: order.weight }) },
    { key: 'rsd', label: t('outbound.rsd'), children: orNA(order.rsd?.slice(0, 10)) },
    { key: 'rad', label: t('outbound.rad'), children: orNA(order.rad?.slice(0, 10)) },
    { key: 'carrier', label: t('outbound.carrier'), children: [order.carrier, order.carrierService].filter(Boolean).join(' · ') || na() },
    { key: 'parcels', label: t('outbound.trackingNumbers'), children: <Parcels order={order} /> },
    { key: 'shipNo', label: t('outbound.shipNo'), children: orNA(order.shipNo) },
    { key: 'retourNo', label: t('outbound.retourNo'), children: orNA(order.retourNo) },
    { key: 'batchNo', label: t('outbound.batchNo'), children: orNA(order.batchNo) },
    { key: 'packages', label: t('outbound.packages'), children: t('outbound.packagesValue', { boxes: order.boxQty, pallets: order.pltQty }) },
    { key: 'dimensions', label: t('outbound.dimensions'), children: dimensionsText(order.dimensions) },
    {
      key: 'services',
      label: t('outbound.deliveryServices'),
      children: order.deliveryServices.length ? (
        <Space size={[4, 4]} wrap>
          {order.deliveryServices.map((s) => (
            <Tag key={s}>{t(`outbound.services.${s}`)}</Tag>
          ))}
        </Space>
      ) : (
        na()
      ),
    },
    { key: 'flags', label: t('outbound.flagsTitle'), children: <Flags order={order} /> },
    ...(exception
      ? [
          {
            key: 'exception',
            label: t('outbound.exception'),
            span: filled,
            children: (
              <span data-testid="outbound-detail-exception">
                {[exceptionText.reason, order.exceptionOwner ? t(`outbound.owners.${order.exceptionOwner}`) : '', exceptionText.note]
                  .filter(Boolean)
                  .join(' · ')}
              </span>
            ),
          },
        ]
      : []),
    { key: 'remark', label: t('outbound.remark'), span: filled, children: <span style={{ whiteSpace: 'pre-wrap' }}>{orNA(order.remark)}</span> },
    ...(staff && order.privateRemark !== undefined
      ? [
          {
            key: 'privateRemark',
            label: t('outbound.privateRemark'),
            span: filled,
            children: <span style={{ whiteSpace: 'pre-wrap' }}>{orNA(order.privateRemark)}</span>,
          },
        ]
      : []),
    { key: 'files', label: t('outbound.relatedFiles'), span: filled, children: <FileLinks files={order.relatedFiles} /> },
    { key: 'created', label: t('outbound.created'), children: formatDateTime(order.createdAt) },
    { key: 'updated', label: t('outbound.updated'), children: formatDateTime(order.updatedAt) },
    ...(order.shippedAt ? [{ key: 'shipped', label: t('outbound.shippedAt'), children: formatDateTime(order.shippedAt) }] : []),
    ...(order.deletedAt ? [{ key: 'deleted', label: t('outbound.deletedAt'), children: formatDateTime(order.deletedAt) }] : []),
  ];
  const problems = (order.addressProblems ?? []).map((p) => p.field.replace(/^consignee\./, ''));
  return (
    <>
      <Descriptions size="small" bordered column={{ xs: 1, sm: 2 }} items={items} data-testid="outbound-detail-header" />
      <Row gutter={[12, 12]} style={{ marginTop: 12 }}>
        <Col xs={24} md={8}>
          <AddressCard title={t('outbound.consignee')} address={order.consignee} problems={problems} />
        </Col>
        <Col xs={24} md={8}>
          <AddressCard title={t('outbound.consignor')} address={order.consignor} />
        </Col>
        <Col xs={24} md={8}>
          <AddressCard title={t('outbound.sender')} address={order.sender} />
        </Col>
      </Row>
    </>
  );
}
