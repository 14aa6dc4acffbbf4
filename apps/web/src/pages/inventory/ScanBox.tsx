import { ScanOutlined } from '@ant-design/icons';
import { Card, Descriptions, Input, Space, Tag, Typography } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { findCompartment, findItem, listStockGroups, type CompartmentHit, type ItemHit } from './inventory-api.js';
import { na } from '../../lib/format.js';

/** What the stock list is narrowed to by the last scan. */
export type Scope = { kind: 'compartment'; id: number; code: string } | { kind: 'item'; id: number; code: string } | { kind: 'text'; code: string } | null;

type Found = { kind: 'compartment'; hit: CompartmentHit } | { kind: 'item'; hit: ItemHit; quantity: number; locked: number } | null;

interface Props {
  /** Whether the list is still narrowed to the last scan (the header is shown only then). */
  active: boolean;
  onScope(scope: Scope): void;
  /** Changes after a stock operation: the header's totals are read again. */
  refresh: number;
}

/** An item's stock summed by the server over all its rows (the original summed at most one page on the client). */
async function itemTotals(itemId: number) {
  const { sums } = await listStockGroups({ by: 'item', itemId, l: 1 });
  return { quantity: sums.quantity, locked: sums.reserved };
}

/**
 * The scan box of the inventory screen (facts §3.10): one input; Enter tries a compartment, then an
 * item (SKU, barcode or alias), then searches the text (batch, part of a SKU).
 */
export function ScanBox({ active, onScope, refresh }: Props) {
  const { t } = useTranslation();
  const [text, setText] = useState('');
  const [scanned, setFound] = useState<Found>(null);
  const found = active ? scanned : null;
  const [busy, setBusy] = useState(false);

  const scan = async (raw: string) => {
    const code = raw.trim();
    if (!code) {
      setFound(null);
      return onScope(null);
    }
    setBusy(true);
    try {
      const compartment = await findCompartment(code);
      if (compartment.guid) {
        setFound({ kind: 'compartment', hit: compartment });
        return onScope({ kind: 'compartment', id: compartment.id!, code: compartment.name });
      }
      const item = await findItem(code);
      if (item.guid) {
        setFound({ kind: 'item', hit: item, ...(await itemTotals(item.id!)) });
        return onScope({ kind: 'item', id: item.id!, code: item.unid });
      }
      setFound(null);
      onScope({ kind: 'text', code });
    } finally {
      setBusy(false);
    }
  };

  // After a stock operation the header's totals are read again for what is shown.
  useEffect(() => {
    const last = scanned;
    if (!refresh || !last) return;
    if (last.kind === 'compartment')
      void findCompartment(last.hit.name).then(
        (hit) => hit.guid && setFound({ kind: 'compartment', hit }),
        () => undefined,
      );
    else
      void itemTotals(last.hit.id!).then(
        (totals) => setFound({ ...last, ...totals }),
        () => undefined,
      );
    // Only a new refresh count reloads; the scan changing by itself must not loop.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [refresh]);

  return (
    <Card size="small" className="inventory-scan" style={{ marginBottom: 12 }}>
      <Input.Search
        size="large"
        allowClear
        prefix={<ScanOutlined />}
        placeholder={t('inventory.scanPlaceholder')}
        value={text}
        onChange={(e) => setText(e.target.value)}
        onSearch={(value, _e, info) => {
          if (info?.source === 'clear') {
            setFound(null);
            return onScope(null);
          }
          void scan(value).catch(() => undefined);
        }}
        enterButton={t('inventory.scan')}
        loading={busy}
        autoFocus
        data-testid="inventory-scan"
      />
      {found?.kind === 'compartment' && (
        <Descriptions size="small" column={{ xs: 2, sm: 3, md: 5 }} style={{ marginTop: 12 }} data-testid="inventory-header">
          <Descriptions.Item label={t('inventory.compartment')}>
            <strong>{found.hit.name}</strong>
            {found.hit.blocked && (
              <Tag color="red" style={{ marginLeft: 8 }}>
                {t('inventory.blocked')}
              </Tag>
            )}
          </Descriptions.Item>
          <Descriptions.Item label={t('inventory.warehouse')}>{found.hit.warehouseUNID}</Descriptions.Item>
          <Descriptions.Item label={t('inventory.zone')}>{found.hit.zoneCode || na()}</Descriptions.Item>
          <Descriptions.Item label={t('inventory.totalQuantity')}>
            <span data-testid="header-quantity">{found.hit.inventory?.quantity ?? 0}</span>
          </Descriptions.Item>
          <Descriptions.Item label={t('inventory.locked')}>
            <span data-testid="header-locked">{found.hit.inventory?.lockedQty ?? 0}</span>
          </Descriptions.Item>
        </Descriptions>
      )}
      {found?.kind === 'item' && (
        <Descriptions size="small" column={{ xs: 2, sm: 3, md: 5 }} style={{ marginTop: 12 }} data-testid="inventory-header">
          <Descriptions.Item label={t('inventory.sku')}>
            <Space size={6} wrap>
              <strong>{found.hit.unid}</strong>
              <span>{found.hit.name}</span>
            </Space>
          </Descriptions.Item>
          <Descriptions.Item label={t('inventory.customer')}>{found.hit.customer}</Descriptions.Item>
          <Descriptions.Item label={t('inventory.barcode')}>{found.hit.barcode || na()}</Descriptions.Item>
          <Descriptions.Item label={t('inventory.weight')}>{found.hit.weight ? `${found.hit.weight} kg` : na()}</Descriptions.Item>
          <Descriptions.Item label={t('inventory.totalQuantity')}>
            <Space size={6} wrap>
              <span data-testid="header-quantity">{found.quantity}</span>
              <Typography.Text type="secondary">
                {t('inventory.locked')}: <span data-testid="header-locked">{found.locked}</span>
              </Typography.Text>
            </Space>
          </Descriptions.Item>
        </Descriptions>
      )}
    </Card>
  );
}
