import { Button, Card, Popconfirm, Space, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { DocNo } from '../../components/DocNo.js';
import { lineKey, readiness, type ScanOrder, type Scanned } from './pack-scan-logic.js';

interface Props {
  candidates: { order: ScanOrder; remaining: number }[];
  scanned: Scanned;
  /** How many packing materials are chosen (an order needs one to print). */
  materialCount: number;
  busy: boolean;
  onPrint(order: ScanOrder): void;
  onOutOfStock(order: ScanOrder): void;
}

/** The orders the last scan may belong to, best first: their lines as counted, print or out of stock. */
export function PackCandidates({ candidates, scanned, materialCount, busy, onPrint, onOutOfStock }: Props) {
  const { t } = useTranslation();
  return (
    <Card size="small" className="rcv-card" title={t('packScanOrder.candidates')}>
      {candidates.length === 0 ? (
        <Typography.Text type="secondary">{t('packScanOrder.none')}</Typography.Text>
      ) : (
        <ul className="pso-orders" data-testid="pack-order-candidates">
          {candidates.map(({ order, remaining }) => {
            const ready = readiness(order, scanned, materialCount);
            return (
              <li key={order.ID} data-testid="pack-order-candidate" data-order={order.UNID}>
                <div className="pso-order-head">
                  <DocNo>{order.UNID}</DocNo>
                  <Tag color={remaining === 0 ? 'green' : 'default'}>
                    {remaining === 0 ? t('packScanOrder.ready') : t('packScanOrder.remaining', { n: remaining })}
                  </Tag>
                  {ready === 'noMaterial' && <Tag color="orange">{t('packScanOrder.needMaterial')}</Tag>}
                  {ready === 'noLabel' && <Tag color="orange">{t('packScanOrder.needLabel')}</Tag>}
                </div>
                <ul className="pso-lines">
                  {order.items.map((line) => (
                    <li key={lineKey(line)}>
                      <span className="pso-sku">{line.itemBatch ? `${line.sku} · ${line.itemBatch}` : line.sku}</span>
                      <span>
                        {Math.min(scanned[lineKey(line)] ?? 0, line.qty)} / {line.qty}
                      </span>
                    </li>
                  ))}
                </ul>
                <Space wrap>
                  {ready === 'noLabel' ? (
                    <Button type="primary" disabled={busy} onClick={() => onPrint(order)} data-testid="pack-order-request-label">
                      {t('packScanOrder.requestLabel')}
                    </Button>
                  ) : (
                    <Button type="primary" disabled={busy || ready !== 'printable'} onClick={() => onPrint(order)} data-testid="pack-order-print">
                      {t('packScanOrder.print')}
                    </Button>
                  )}
                  <Popconfirm
                    title={t('packScanOrder.outOfStockConfirm', { unid: order.UNID })}
                    okText={t('packScanOrder.confirm')}
                    cancelText={t('packScanOrder.cancel')}
                    onConfirm={() => onOutOfStock(order)}
                  >
                    <Button danger disabled={busy} data-testid="pack-order-out-of-stock">
                      {t('packScanOrder.outOfStock')}
                    </Button>
                  </Popconfirm>
                </Space>
              </li>
            );
          })}
        </ul>
      )}
    </Card>
  );
}
