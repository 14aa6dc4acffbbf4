import { UndoOutlined } from '@ant-design/icons';
import dayjs from 'dayjs';
import { Button, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { todayIso } from './expiry-date.js';
import type { ScanRecord } from './receiving-api.js';

interface Props {
  scans: ScanRecord[];
  onUndo?: (scan: ScanRecord) => void;
  busy: boolean;
}

/** The last scans, newest first; only the newest scan not yet booked can be taken back. */
export function RecentScans({ scans, onUndo, busy }: Props) {
  const { t } = useTranslation();
  const undoable = scans.find((s) => !s.booked);
  if (!scans.length) return null;
  return (
    <div className="rcv-recent" data-testid="recent-scans">
      <div className="rcv-recent-head">
        <Typography.Text type="secondary">{t('receiving.lastScans')}</Typography.Text>
        {onUndo && (
          <Button icon={<UndoOutlined />} disabled={!undoable || busy} onClick={() => undoable && onUndo(undoable)} data-testid="undo-scan">
            {t('receiving.undo')}
          </Button>
        )}
      </div>
      <ul>
        {scans.slice(0, 6).map((scan) => (
          <li key={scan.id} className={scan.booked ? 'rcv-recent-booked' : ''}>
            <strong>{scan.quantity} ×</strong> {scan.sku}
            {scan.batch && <span> · {scan.batch}</span>}
            {scan.expiry && (
              <span className="rcv-recent-expiry" data-testid={`scan-expiry-${scan.id}`}>
                {' '}
                · {t('receiving.expiryShort', { date: scan.expiry })}
              </span>
            )}
            {scan.unit && <span className="rcv-recent-unit"> · {scan.unit}</span>}
            {scan.expiry && scan.expiry < todayIso() && <Tag color="orange">{t('receiving.expired')}</Tag>}
            {scan.condition === 'damaged' && <Tag color="volcano">{t('receiving.damaged')}</Tag>}
            {scan.booked && <Tag>{t('receiving.booked')}</Tag>}
            <span className="rcv-recent-at">{dayjs(scan.at).format('HH:mm:ss')}</span>
          </li>
        ))}
      </ul>
    </div>
  );
}
