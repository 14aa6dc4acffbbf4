import type { PackRefOrder } from '@kontor/contracts/domains/packing-responses';
import { OUTBOUND_ORDER } from '@kontor/contracts/status/outbound';
import { Card, Empty, Input, Space, Tag, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { api } from '../../api/request.js';
import { DocNo } from '../../components/DocNo.js';
import { StateTag } from '../../components/StateTag.js';
import { formatDateTime } from '../../lib/format.js';
import './pack-scan-ref.css';

/**
 * `/mEP/packScanRef` (issue 18 item 5, docs/packing.md): a merchant looks up its own orders by its
 * reference number (or the order number) and sees how far packing is: units picked, the parcels with
 * who packed them, where and when, their weight and size, and the tracking numbers. Read only; the
 * server answers the caller's own orders only.
 */
export default function PackScanRefPage() {
  const { t } = useTranslation();
  const [rows, setRows] = useState<PackRefOrder[] | null>(null);
  const [loading, setLoading] = useState(false);

  const search = async (value: string) => {
    const q = value.trim();
    if (!q) return setRows(null);
    setLoading(true);
    try {
      setRows(await api('GET /v0/packing/ref', { params: { q } }));
    } finally {
      setLoading(false);
    }
  };

  return (
    <div className="psr" data-testid="pack-ref">
      <Card size="small">
        <Typography.Title level={4}>{t('packScanRef.title')}</Typography.Title>
        <Typography.Paragraph type="secondary">{t('packScanRef.hint')}</Typography.Paragraph>
        <Input.Search
          allowClear
          enterButton
          size="large"
          maxLength={100}
          loading={loading}
          placeholder={t('packScanRef.search')}
          onSearch={(v) => void search(v)}
          data-testid="pack-ref-search"
        />
      </Card>
      {rows !== null && rows.length === 0 && <Empty description={t('packScanRef.none')} data-testid="pack-ref-none" />}
      {rows?.map((o) => (
        <Card key={o.orderId} size="small" className="psr-order" data-testid="pack-ref-order" data-order={o.unid}>
          <div className="psr-head">
            <DocNo>{o.unid}</DocNo>
            <StateTag machine={OUTBOUND_ORDER} code={o.status} />
            {o.refOrderId && <Tag>{t('packScanRef.ref', { ref: o.refOrderId })}</Tag>}
            {o.carrier && <Tag>{o.carrier}</Tag>}
            <Typography.Text type="secondary">{t('packScanRef.created', { at: formatDateTime(o.createdAt) })}</Typography.Text>
          </div>
          <Typography.Text strong data-testid="pack-ref-progress">
            {t('packScanRef.progress', { picked: o.pickedUnits, units: o.units })}
          </Typography.Text>
          <ul className="psr-lines">
            {o.lines.map((l, i) => (
              <li key={`${l.sku}-${i}`}>
                <span className="psr-sku">{l.sku}</span>
                <span>
                  {l.picked} / {l.quantity}
                </span>
              </li>
            ))}
          </ul>
          {o.parcels.length === 0 ? (
            <Typography.Text type="secondary">{t('packScanRef.notPacked')}</Typography.Text>
          ) : (
            <ul className="psr-parcels" data-testid="pack-ref-parcels">
              {o.parcels.map((p) => (
                <li key={p.parcelIndex}>
                  <Typography.Text strong>{t('packScanRef.parcel', { n: p.parcelIndex + 1 })}</Typography.Text>
                  <span>{t('packScanRef.packedBy', { user: p.userName || '–', station: p.station || '–' })}</span>
                  <span>{t('packScanRef.packedAt', { at: formatDateTime(p.createdAt) })}</span>
                  {p.weightKg !== null && <span>{t('packScanRef.weight', { kg: p.weightKg })}</span>}
                  {p.dimensions && <span>{t('packScanRef.dimensions', p.dimensions)}</span>}
                </li>
              ))}
            </ul>
          )}
          <Space wrap size={4} className="psr-tracking" data-testid="pack-ref-tracking">
            <Typography.Text type="secondary">{t('packScanRef.tracking')}:</Typography.Text>
            {o.trackingNumbers.length === 0 ? (
              <Typography.Text type="secondary">{t('packScanRef.noTracking')}</Typography.Text>
            ) : (
              o.trackingNumbers.map((n) => (
                <Typography.Text key={n} copyable code>
                  {n}
                </Typography.Text>
              ))
            )}
          </Space>
        </Card>
      ))}
    </div>
  );
}
