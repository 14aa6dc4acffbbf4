import { OUTBOUND_ORDER } from '@kontor/contracts/status/outbound';
import { Alert, Card, Descriptions, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { StateTag } from '../../components/StateTag.js';
import { bundleOf, itemsOf, type ShipScanAnswer } from './shipping-api.js';

/**
 * The scanned order (facts §3.1): its parcels already scanned (green) and still missing (red), the
 * facts' fields, and the important note as a red alert above everything.
 */
export function ShipOrderPanel({ order }: { order: ShipScanAnswer }) {
  const { t } = useTranslation();
  const sent = order.shipBundleSent;
  const missing = bundleOf(order.shipBundle).filter((code) => !sent.includes(code));
  return (
    <Card size="small" className="rcv-card" data-testid="ship-scan-order">
      {order.noteImportant && <Alert type="error" showIcon message={order.noteImportant} className="qc-alert" data-testid="ship-scan-important" />}
      <div className="ship-parcels">
        <Typography.Text strong>{t('shippingScan.sent')}</Typography.Text>
        <div data-testid="ship-scan-sent">
          {sent.length === 0 && <Typography.Text type="secondary">{t('shippingScan.noneSent')}</Typography.Text>}
          {sent.map((code) => (
            <Tag key={code} color="green">
              {code}
            </Tag>
          ))}
        </div>
        {missing.length > 0 && (
          <>
            <Typography.Text strong>{t('shippingScan.missing')}</Typography.Text>
            <div data-testid="ship-scan-missing">
              {missing.map((code) => (
                <Tag key={code} color="red">
                  {code}
                </Tag>
              ))}
            </div>
          </>
        )}
      </div>
      <Descriptions size="small" column={{ xs: 1, sm: 2 }}>
        <Descriptions.Item label={t('shippingScan.orderId')}>{order.unid}</Descriptions.Item>
        <Descriptions.Item label={t('shippingScan.status')}>
          <StateTag machine={OUTBOUND_ORDER} code={order.status} />
        </Descriptions.Item>
        <Descriptions.Item label={t('shippingScan.refNo')}>{order.originSN}</Descriptions.Item>
        <Descriptions.Item label={t('shippingScan.carrier')}>{order.carrier}</Descriptions.Item>
        <Descriptions.Item label={t('shippingScan.consignee')}>{order.recName1}</Descriptions.Item>
        <Descriptions.Item label={t('shippingScan.country')}>{order.recCountry}</Descriptions.Item>
        <Descriptions.Item label={t('shippingScan.items')}>
          <div className="ship-items" data-testid="ship-scan-items">
            {itemsOf(order.items).map((line) => (
              <span key={line}>{line}</span>
            ))}
          </div>
        </Descriptions.Item>
        <Descriptions.Item label={t('shippingScan.remark')}>{order.note}</Descriptions.Item>
        {order.noteInner && <Descriptions.Item label={t('shippingScan.privateRemark')}>{order.noteInner}</Descriptions.Item>}
      </Descriptions>
    </Card>
  );
}
