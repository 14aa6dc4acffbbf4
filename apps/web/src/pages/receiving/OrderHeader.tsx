import { Descriptions } from 'antd';
import { useTranslation } from 'react-i18next';
import { InboundStatusTag } from './InboundStatusTag.js';
import type { InboundOrder } from './receiving-api.js';

/** The scanned inbound order: who sends what, how packed, and the counting so far. */
export function OrderHeader({ order, counted }: { order: InboundOrder; counted: number }) {
  const { t } = useTranslation();
  return (
    <Descriptions size="small" column={{ xs: 1, sm: 2, md: 3, xl: 4 }} className="rcv-header" data-testid="receiving-header">
      <Descriptions.Item label={t('receiving.order')}>
        <strong className="doc-no" data-testid="receiving-unid">
          {order.unid}
        </strong>
      </Descriptions.Item>
      <Descriptions.Item label={t('receiving.status')}>
        <InboundStatusTag status={order.status} />
      </Descriptions.Item>
      <Descriptions.Item label={t('receiving.merchant')}>{order.merchantName}</Descriptions.Item>
      <Descriptions.Item label={t('receiving.expected')}>{order.expectedDate ?? '—'}</Descriptions.Item>
      <Descriptions.Item label={t('receiving.packages')}>{t('receiving.packagesValue', { boxes: order.boxQty, pallets: order.palletQty })}</Descriptions.Item>
      <Descriptions.Item label={t('receiving.units')}>
        <span data-testid="receiving-totals">{t('receiving.unitsValue', { counted, planned: order.plannedUnits })}</span>
      </Descriptions.Item>
      {order.reference && <Descriptions.Item label={t('receiving.reference')}>{order.reference}</Descriptions.Item>}
      {order.remark && <Descriptions.Item label={t('receiving.remark')}>{order.remark}</Descriptions.Item>}
    </Descriptions>
  );
}
