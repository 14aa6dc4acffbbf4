import { PlusOutlined, ReloadOutlined } from '@ant-design/icons';
import { Button, Space, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { invalidateDomains } from '../../api/query-client.js';
import { useCan } from '../../masks/can.js';
import { OrderImport } from '../../components/OrderImport.js';
import { useAddressFilters } from '../../router/use-address-filters.js';
import { useNewRecordForm } from '../../components/use-new-record-form.js';
import type { OutboundView } from './outbound-api.js';
import { FloorPanel } from './FloorPanel.js';
import { OutboundOrderDrawer } from './OutboundOrderDrawer.js';
import { OutboundOrderForm } from './OutboundOrderForm.js';
import { OutboundOrderList, type OutboundFilters } from './OutboundOrderList.js';

const ADDRESS_FILTERS = { status: 'numbers', rsd: 'text', merchantId: 'number', carrier: 'text', q: 'text' } as const;

/** Views whose orders are new work a user may add to: the others follow orders already on their way. */
const CREATES_IN: OutboundView[] = ['orders'];

/**
 * Every outbound order list of issue 7 §4 (`/eEP/outbound-orders`, the deleted orders, the carrier
 * lists, the warehouse's lists …): one screen, parameterised by the server's view. The open order is
 * in the address (`?id=`), so a link or a reload opens it again.
 */
export function OutboundOrdersPage({ view }: { view: OutboundView }) {
  const { t } = useTranslation();
  const can = useCan();
  const [params, setParams] = useSearchParams();
  // A figure of the home page links here with its filter: `?status=13,14`, late orders `&rsd=..2026-11-24`.
  const [filters, setFilters] = useAddressFilters<OutboundFilters>(ADDRESS_FILTERS, {});
  const reload = () => void invalidateDomains('outbound-orders');
  const open = Number(params.get('id')) || null;
  const setOpen = (id: number | null) =>
    setParams(
      (p) => {
        const next = new URLSearchParams(p);
        if (id === null) next.delete('id');
        else next.set('id', String(id));
        return next;
      },
      { replace: id === null },
    );
  const creation = useNewRecordForm({
    savedText: t('outbound.createdToast'),
    onCreated: (id) => {
      reload();
      setOpen(id);
    },
  });

  return (
    <div data-testid="outbound-orders-page">
      <Space wrap style={{ marginBottom: 12 }}>
        {CREATES_IN.includes(view) && can('p11y.orders.edit') && (
          <Button type="primary" icon={<PlusOutlined />} onClick={creation.start} data-testid="outbound-new">
            {t('outbound.new')}
          </Button>
        )}
        {CREATES_IN.includes(view) && <OrderImport />}
        <Button icon={<ReloadOutlined />} onClick={reload} data-testid="outbound-list-reload">
          {t('mask.reload')}
        </Button>
      </Space>
      {filters.rsd && (
        <Tag closable onClose={() => setFilters({ ...filters, rsd: undefined })} style={{ marginBottom: 12 }} data-testid="outbound-rsd-filter">
          {t('floor.rsdOn', { date: filters.rsd.replace('..', '… ') })}
        </Tag>
      )}
      {(view === 'warehouse' || view === 'problematic') && (
        <FloorPanel view={view} onStatuses={(status) => setFilters({ ...filters, status })} onOpen={setOpen} />
      )}
      <OutboundOrderList view={view} filters={filters} onFilters={setFilters} onChanged={reload} onOpen={setOpen} />
      <OutboundOrderForm {...creation.form} />
      <OutboundOrderDrawer id={open} onClose={() => setOpen(null)} onChanged={reload} onOpen={setOpen} />
    </div>
  );
}
