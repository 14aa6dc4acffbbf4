import { DownloadOutlined, PlusOutlined } from '@ant-design/icons';
import { Button, Space, Tag } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { invalidateDomains } from '../../api/query-client.js';
import { useCan } from '../../masks/can.js';
import { notify } from '../../notify/queue.js';
import { useAddressFilters } from '../../router/use-address-filters.js';
import { useAddressParam } from '../../router/use-address-param.js';
import { useNewRecordForm } from '../../components/use-new-record-form.js';
import { inboundApi } from './inbound-api.js';
import { InboundOrderDrawer } from './InboundOrderDrawer.js';
import { InboundOrderForm } from './InboundOrderForm.js';
import { InboundOrderList, type InboundFilters } from './InboundOrderList.js';

/**
 * `/eEP/inbound-orders`, `/mEP/inbound-orders`, `/wEP/inbound-orders` (issue 6 §1): the announced
 * deliveries with their status, a new announcement, and one order's detail. Merchants see their own
 * orders only; the server scopes every call.
 */
export default function InboundOrdersPage() {
  const { t } = useTranslation();
  const can = useCan();
  // The home page's "inbound due today" links here: `?status=1,126,9&expectedDate=2026-11-25`.
  const [filters, setFilters] = useAddressFilters<InboundFilters>({ status: 'numbers', expectedDate: 'text', merchantId: 'number' }, {});
  const [open, setOpen] = useState<number | null>(null);
  const reload = () => void invalidateDomains('inbound-orders');
  const creation = useNewRecordForm({
    savedText: t('inbound.announced'),
    onCreated: (id) => {
      reload();
      setOpen(id);
    },
  });
  // A link from another screen (the inventory log) names the order by its number.
  useAddressParam(
    'no',
    (no) =>
      void inboundApi.findByNumber(no).then(
        (order) => setOpen(order.id),
        () => notify((n) => n.error(t('common.docNotFound', { no }))),
      ),
  );

  const startExport = async () => {
    await inboundApi.exportList(filters as Record<string, unknown>);
    notify((n) => n.info(t('mask.exportStarted')));
  };

  return (
    <div data-testid="inbound-orders-page">
      <Space wrap style={{ marginBottom: 12 }}>
        {can('r7g.orders.edit') && (
          <Button type="primary" icon={<PlusOutlined />} onClick={creation.start} data-testid="inbound-new">
            {t('inbound.new')}
          </Button>
        )}
        <Button icon={<DownloadOutlined />} onClick={() => void startExport().catch(() => undefined)} data-testid="inbound-export">
          {t('mask.export')}
        </Button>
      </Space>
      {filters.expectedDate && (
        <Tag closable onClose={() => setFilters({ ...filters, expectedDate: undefined })} style={{ marginBottom: 12 }} data-testid="inbound-expected-filter">
          {t('inbound.expectedDate')}: {filters.expectedDate}
        </Tag>
      )}
      <InboundOrderList filters={filters} onFilters={setFilters} onOpen={setOpen} />
      <InboundOrderForm {...creation.form} />
      <InboundOrderDrawer id={open} onClose={() => setOpen(null)} onChanged={reload} />
    </div>
  );
}
