import { DeleteOutlined, ReloadOutlined, StopOutlined } from '@ant-design/icons';
import { Alert, Button, Card, Descriptions, List, Popconfirm, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { numberOf, resolveStatusOf, type Pallet, type PalletTracking } from './loading-api.js';
import type { Pending } from './loading-queue.js';

const STATUS_COLOURS: Record<string, string> = { resolved: 'green', pending: 'gold', not_found: 'default', error: 'red', unconfirmed: 'blue' };

function StatusTag({ status }: { status: string }) {
  const { t } = useTranslation();
  return (
    <Tag color={STATUS_COLOURS[status]} data-testid="loading-status">
      {t(`loading.status.${status}` as 'loading.status.resolved')}
    </Tag>
  );
}

/**
 * The pallet being loaded: its note, whether it is closed, its loading config and how many are on it.
 * "Clear loading" with scans still pending asks first: cleared, they wait unsent until the pallet is
 * loaded again, which a worker moving on to the next truck never does.
 */
export function PalletCard({ pallet, count, pending, onClear }: { pallet: Pallet; count: number; pending: number; onClear(): void }) {
  const { t } = useTranslation();
  const clear = (
    <Button danger icon={<StopOutlined />} onClick={pending > 0 ? undefined : onClear} data-testid="loading-clear" className="loading-clear">
      {t('loading.clear')}
    </Button>
  );
  return (
    <Card size="small" className="rcv-card" data-testid="loading-pallet">
      {pallet.importantNote && <Alert type="error" showIcon message={pallet.importantNote} className="loading-alert" />}
      {pallet.state !== 'open' && <Alert type="warning" showIcon message={t('loading.closed')} className="loading-alert" />}
      <Descriptions size="small" column={{ xs: 1, sm: 2, md: 3 }}>
        <Descriptions.Item label={t('loading.carrier')}>{pallet.pickupCarrier || '—'}</Descriptions.Item>
        <Descriptions.Item label={t('loading.unit')}>{t(`loading.unitLabel.${pallet.unitStr}`)}</Descriptions.Item>
        <Descriptions.Item label={t('loading.plate')}>{pallet.plateNumber2 || '—'}</Descriptions.Item>
        <Descriptions.Item label={t('loading.pickupDate')}>{pallet.pickupDate || '—'}</Descriptions.Item>
        <Descriptions.Item label={t('loading.count')}>
          <span data-testid="loading-count">{count}</span>
        </Descriptions.Item>
      </Descriptions>
      {pending > 0 ? (
        <Popconfirm
          title={t('loading.clearPending', { count: pending, code: pallet.palletCode })}
          okText={t('loading.yes')}
          cancelText={t('loading.no')}
          okButtonProps={{ ...({ 'data-testid': 'loading-clear-ok' } as object) }}
          onConfirm={onClear}
        >
          {clear}
        </Popconfirm>
      ) : (
        clear
      )}
    </Card>
  );
}

interface PendingProps {
  queue: Pending[];
  stopped: boolean;
  onRetry(): void;
  onDrop(key: string): void;
}

/** The scans not yet confirmed by the server, in the order they are sent; a refused one says why. */
export function PendingCard({ queue, stopped, onRetry, onDrop }: PendingProps) {
  const { t } = useTranslation();
  return (
    <Card
      size="small"
      className="rcv-card"
      title={`${t('loading.pending')} (${queue.length})`}
      extra={
        queue.length > 0 && (
          <Button icon={<ReloadOutlined />} onClick={onRetry} data-testid="loading-retry">
            {t('loading.retry')}
          </Button>
        )
      }
      data-testid="loading-pending"
    >
      {stopped && <Alert type="error" showIcon message={t('loading.stopped')} className="loading-alert" />}
      <List
        size="small"
        dataSource={queue}
        locale={{ emptyText: t('loading.empty') }}
        renderItem={(p) => (
          <List.Item
            data-testid="loading-pending-row"
            actions={[<Button key="x" size="small" icon={<DeleteOutlined />} aria-label={t('loading.remove')} onClick={() => onDrop(p.key)} />]}
          >
            <div className="loading-row">
              <Typography.Text strong>{p.trackingNo}</Typography.Text>
              {p.error ? <Typography.Text type="danger">{p.error}</Typography.Text> : <StatusTag status="unconfirmed" />}
            </div>
          </List.Item>
        )}
      />
    </Card>
  );
}

/** The tracking numbers on the pallet, newest first; while it is open each can be taken off again. */
export function PersistedCard({ rows, open, onRemove }: { rows: PalletTracking[]; open: boolean; onRemove(trackingNo: string): void }) {
  const { t } = useTranslation();
  return (
    <Card size="small" className="rcv-card" title={`${t('loading.persistedTitle')} (${rows.length})`} data-testid="loading-persisted">
      <List
        size="small"
        dataSource={[...rows].reverse()}
        locale={{ emptyText: t('loading.empty') }}
        renderItem={(r) => (
          <List.Item
            data-testid="loading-persisted-row"
            actions={
              open
                ? [
                    <Popconfirm
                      key="x"
                      title={t('loading.removeConfirm', { code: numberOf(r) })}
                      okText={t('loading.yes')}
                      cancelText={t('loading.no')}
                      onConfirm={() => onRemove(r.trackingNo)}
                    >
                      <Button size="small" icon={<DeleteOutlined />} aria-label={t('loading.remove')} />
                    </Popconfirm>,
                  ]
                : []
            }
          >
            <div className="loading-row">
              <Typography.Text strong>{numberOf(r)}</Typography.Text>
              <Typography.Text type="secondary">{r.outboundUNID || '—'}</Typography.Text>
              <StatusTag status={resolveStatusOf(r)} />
            </div>
          </List.Item>
        )}
      />
    </Card>
  );
}
