import { PlusOutlined } from '@ant-design/icons';
import { Button, Space } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { invalidateDomains } from '../../api/query-client.js';
import { useCan } from '../../masks/can.js';
import { MaskForm } from '../../masks/MaskForm.js';
import { useMask } from '../../masks/useMask.js';
import { notify } from '../../notify/queue.js';
import { ContainerDrawer } from './ContainerDrawer.js';
import { ContainerList, type ContainerFilters } from './ContainerList.js';
import type { ContainerRow } from './inbound-api.js';
import { useWarehouses } from '../../api/lookups.js';

/**
 * `/c7r/orders` (issue 6 §2): container orders with their status, the inbound orders they carry and
 * the status changes. Creating and editing use the shipped mask `c7r.orders`, so its form follows
 * the definition an administrator may adjust.
 */
export default function ContainersPage() {
  const { t } = useTranslation();
  const can = useCan();
  const mask = useMask('c7r.orders');
  const warehouses = useWarehouses();
  const [filters, setFilters] = useState<ContainerFilters>({});
  const [open, setOpen] = useState<ContainerRow | null>(null);
  const [editing, setEditing] = useState<{ open: boolean; record: ContainerRow | null }>({ open: false, record: null });
  // A container's status moves the inbound orders it carries (issue 6 §2): both lists read again.
  const reload = () => void invalidateDomains('containers', 'inbound-orders');
  const warehouseCode = (id: number) => warehouses.find((w) => w.id === id)?.code ?? String(id);

  return (
    <div data-testid="containers-page">
      {can('c7r.orders.edit') && mask.status === 'ready' && (
        <Space style={{ marginBottom: 12 }}>
          <Button type="primary" icon={<PlusOutlined />} onClick={() => setEditing({ open: true, record: null })} data-testid="container-new">
            {t('inbound.newContainer')}
          </Button>
        </Space>
      )}
      <ContainerList filters={filters} onFilters={setFilters} onOpen={setOpen} warehouseCode={warehouseCode} />
      <ContainerDrawer
        container={open}
        onClose={() => setOpen(null)}
        onChanged={reload}
        onEdit={(record) => setEditing({ open: true, record })}
        warehouseCode={warehouseCode}
      />
      {mask.status === 'ready' && (
        <MaskForm
          mask={mask.mask}
          open={editing.open}
          record={editing.record as Record<string, unknown> | null}
          onClose={() => setEditing({ open: false, record: null })}
          onReloaded={(row) => setEditing({ open: true, record: row as unknown as ContainerRow })}
          onSaved={(row) => {
            setEditing({ open: false, record: null });
            notify((n) => n.success(t('mask.saved')));
            reload();
            // A new container opens at once, ready to take its inbound orders.
            if (!editing.record && typeof row.id === 'number') setOpen(row as unknown as ContainerRow);
          }}
        />
      )}
    </div>
  );
}
