import { Button, Space, Tabs, Tag } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { invalidateDomains } from '../../api/query-client.js';
import { useCan } from '../../masks/can.js';
import type { StockRow } from './inventory-api.js';
import { ScanBox, type Scope } from './ScanBox.js';
import { ACTION_ICONS, StockList, type StockAction } from './StockList.js';
import { StockOperationDialog } from './StockOperationDialog.js';
import { StocktakePanel } from './StocktakePanel.js';

/**
 * `/wms/inventory` and `/mEP/inventory` (issue 5 §3, facts §3.10): the scan box, the stock list with
 * its views, and for staff holding the privileges the stock operations and stocktaking. Merchants see
 * their own stock only (the server scopes every call) and no actions.
 */
export default function InventoryPage() {
  const { t } = useTranslation();
  const can = useCan();
  const canEdit = can('wms.inventory.edit');
  const canCount = can('wms.stocktake.edit');
  const [scope, setScope] = useState<Scope>(null);
  const [reloads, setReloads] = useState(0);
  const [dialog, setDialog] = useState<{ kind: StockAction | null; row: StockRow | null }>({ kind: null, row: null });
  const actions: StockAction[] = canEdit ? ['adjust', 'move', 'status'] : [];

  const stock = (
    <>
      <ScanBox active={!!scope} onScope={setScope} refresh={reloads} />
      {(scope || actions.length > 0) && (
        <Space wrap style={{ marginBottom: 12 }}>
          {scope && (
            <Tag closable onClose={() => setScope(null)} color="blue" data-testid="inventory-scope">
              {t(`inventory.scope.${scope.kind}`, { code: scope.code })}
            </Tag>
          )}
          {actions.map((kind) => (
            <Button key={kind} icon={ACTION_ICONS[kind]} onClick={() => setDialog({ kind, row: null })} data-testid={`inventory-${kind}`}>
              {t(`inventory.actions.${kind}`)}
            </Button>
          ))}
        </Space>
      )}
      <StockList scope={scope} actions={actions} onAction={(kind, row) => setDialog({ kind, row })} />
      {canEdit && (
        <StockOperationDialog
          kind={dialog.kind}
          row={dialog.row}
          onClose={() => setDialog({ kind: null, row: null })}
          onDone={() => {
            setDialog({ kind: null, row: null });
            setReloads((n) => n + 1);
            void invalidateDomains('stock');
          }}
        />
      )}
    </>
  );

  if (!canCount) return <div data-testid="inventory-page">{stock}</div>;
  return (
    <div data-testid="inventory-page">
      <Tabs
        destroyOnHidden
        items={[
          { key: 'stock', label: t('inventory.stockTab'), children: stock },
          { key: 'count', label: t('stocktake.tab'), children: <StocktakePanel /> },
        ]}
        data-testid="inventory-tabs"
      />
    </div>
  );
}
