import { Table } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { InboundStatusTag } from './InboundStatusTag.js';
import { receivingApi, type InboundOrder } from './receiving-api.js';

/** Inbound orders waiting to be counted or put away, newest first; a click opens one. */
export function OpenOrders({ onOpen }: { onOpen(order: InboundOrder): void }) {
  const { t } = useTranslation();
  const [rows, setRows] = useState<InboundOrder[] | null>(null);

  useEffect(() => {
    receivingApi.open().then(
      (page) => setRows(page.data),
      () => setRows([]),
    );
  }, []);

  return (
    <Table<InboundOrder>
      size="small"
      rowKey="id"
      loading={rows === null}
      dataSource={rows ?? []}
      pagination={false}
      onRow={(order) => ({ onClick: () => onOpen(order), className: 'rcv-open-row' })}
      data-testid="receiving-open-orders"
      columns={[
        { title: t('receiving.order'), dataIndex: 'unid', render: (unid: string) => <strong className="doc-no">{unid}</strong> },
        { title: t('receiving.merchant'), dataIndex: 'merchantName', responsive: ['md'] },
        { title: t('receiving.status'), dataIndex: 'status', render: (s: number) => <InboundStatusTag status={s} /> },
        { title: t('receiving.expected'), dataIndex: 'expectedDate', responsive: ['md'], render: (d: string | null) => d ?? '—' },
        {
          title: t('receiving.units'),
          key: 'units',
          align: 'right',
          responsive: ['sm'],
          render: (_, o) => t('receiving.unitsValue', { counted: o.receivedUnits + o.damagedUnits, planned: o.plannedUnits }),
        },
      ]}
    />
  );
}
