import { Card, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { FeedbackBanner } from '../../components/scan/FeedbackBanner.js';
import { MissedScans } from '../../components/scan/MissedScans.js';
import { ScanInput } from '../../components/scan/ScanInput.js';
import { PalletCard, PendingCard, PersistedCard } from './LoadingPanels.js';
import { useLoadingScan } from './use-loading-scan.js';
import '../../components/scan/scan-station.css';
import './loading.css';

/**
 * `/wEP/loadingScan` (issue 19 item 3, facts §3.7): the first scan loads a loading config by plate or
 * pallet code; every later scan is one or more tracking numbers. They go into a pending queue kept per
 * pallet in localStorage and are sent one at a time; without network the queue waits and is sent
 * again when the network comes back; a refusal stops it until the operator removes or retries.
 */
export default function LoadingScanPage() {
  const { t } = useTranslation();
  const { pallet, rows, queue, online, stopped, feedback, missed, forget, onScan, retry, dropPending, removePersisted, clear } = useLoadingScan();

  return (
    <div className="rcv-log loading-screen" data-testid="loading-scan">
      <Card size="small" className="rcv-card">
        <div className="rcv-header-row">
          <Typography.Title level={4} data-testid="loading-title">
            {pallet ? `${t('loading.current')}: ${pallet.palletCode}` : t('loading.prompt')}
          </Typography.Title>
          <Tag color={online ? 'green' : 'red'} data-testid="loading-network">
            {online ? t('loading.online') : t('loading.offline')}
          </Tag>
        </div>
        <ScanInput
          placeholder={pallet ? t('loading.trackingPlaceholder') : t('loading.startPlaceholder')}
          onScan={(code) => void onScan(code)}
          testId="loading-input"
        />
        <FeedbackBanner feedback={feedback} testId="loading-feedback" />
        <MissedScans
          codes={missed}
          text={t('loading.missed', { codes: missed.join(', ') })}
          dismiss={t('loading.missedDismiss')}
          onDismiss={forget}
          testId="loading-missed"
        />
        {!pallet && (
          <Typography.Paragraph type="secondary" className="loading-hint">
            {t('loading.startHint')}
          </Typography.Paragraph>
        )}
      </Card>
      {pallet && (
        <>
          <PalletCard pallet={pallet} count={rows.length} pending={queue.length} onClear={clear} />
          <PendingCard queue={queue} stopped={stopped} onRetry={retry} onDrop={dropPending} />
          <PersistedCard rows={rows} open={pallet.state === 'open'} onRemove={(trackingNo) => void removePersisted(trackingNo)} />
        </>
      )}
    </div>
  );
}
