import { DeleteOutlined, ReloadOutlined, StopOutlined } from '@ant-design/icons';
import { splitTrackingScan } from '@kontor/contracts/domains/pallets';
import { Alert, Button, Card, Descriptions, List, Modal, Popconfirm, Tag, Typography } from 'antd';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { newKey } from '../../api/idempotency-key.js';
import { FeedbackBanner } from '../../components/scan/FeedbackBanner.js';
import { ScanInput } from '../../components/scan/ScanInput.js';
import { useFeedback } from '../../components/scan/use-feedback.js';
import { errorText, loadingApi, numberOf, resolveStatusOf, unknownOutcome, type Pallet, type PalletTracking } from './loading-api.js';
import { currentPallet, loadQueue, saveQueue, setCurrentPallet, type Pending } from './loading-queue.js';
import '../../components/scan/scan-station.css';
import './loading.css';

const STATUS_COLOURS: Record<string, string> = { resolved: 'green', pending: 'gold', not_found: 'default', error: 'red', unconfirmed: 'blue' };
/** While the network is away the queue is tried again this often (facts §9: probe every 5 s). */
const RETRY_MS = 5000;

/** Rows answered by a flush, merged into the persisted list (a repeat answers the same row). */
const merge = (rows: PalletTracking[], pairs: PalletTracking[]) => [...rows.filter((r) => !pairs.some((p) => p.id === r.id)), ...pairs];

/**
 * `/wEP/loadingScan` (issue 19 item 3, facts §3.7): the first scan loads a loading config by plate or
 * pallet code; every later scan is one or more tracking numbers. They go into a pending queue kept per
 * pallet in localStorage and are sent one at a time; without network the queue waits and is sent
 * again when the network comes back; a refusal stops it until the operator removes or retries.
 */
export default function LoadingScanPage() {
  const { t } = useTranslation();
  const [pallet, setPallet] = useState<Pallet | null>(null);
  const [rows, setRows] = useState<PalletTracking[]>([]);
  const [queue, setQueueState] = useState<Pending[]>([]);
  const [online, setOnline] = useState(true);
  const [stopped, setStopped] = useState(false);
  const [feedback, show] = useFeedback();
  const palletRef = useRef<Pallet | null>(null);
  const queueRef = useRef<Pending[]>([]);
  const stoppedRef = useRef(false);
  const flushing = useRef(false);
  const busy = useRef(false);

  const setQueue = useCallback((code: string, next: Pending[]) => {
    queueRef.current = next;
    setQueueState(next);
    saveQueue(code, next);
  }, []);

  const stop = (value: boolean) => {
    stoppedRef.current = value;
    setStopped(value);
  };

  /** Sends the queue one number at a time until it is empty, the network is gone, or the server refuses one. */
  const drain = useCallback(async () => {
    const code = palletRef.current?.palletCode;
    if (!code || flushing.current || stoppedRef.current) return;
    flushing.current = true;
    try {
      for (let next = queueRef.current[0]; next && !stoppedRef.current; next = queueRef.current[0]) {
        const item = next;
        try {
          const answer = await loadingApi.flush(code, item.trackingNo, item.key);
          if (palletRef.current?.palletCode !== code) return;
          setQueue(
            code,
            queueRef.current.filter((p) => p.key !== item.key),
          );
          setRows((current) => merge(current, answer.pairs));
          setOnline(true);
        } catch (err) {
          if (palletRef.current?.palletCode !== code) return;
          if (unknownOutcome(err)) {
            setOnline(false);
            show({ tone: 'warning', text: t('loading.offlineWait') });
            return;
          }
          setQueue(
            code,
            queueRef.current.map((p) => (p.key === item.key ? { ...p, error: errorText(err) } : p)),
          );
          stop(true);
          show({ tone: 'error', text: `${errorText(err)} ${t('loading.stopped')}` });
          return;
        }
      }
    } finally {
      flushing.current = false;
    }
  }, [setQueue, show, t]);

  const open = useCallback(
    async (found: Pallet, review: boolean) => {
      palletRef.current = found;
      setPallet(found);
      setCurrentPallet(found.palletCode);
      const pending = loadQueue(found.palletCode);
      queueRef.current = pending;
      setQueueState(pending);
      stop(pending.some((p) => p.error));
      setRows(await loadingApi.tracking(found.palletCode));
      if (!review && found.importantNote)
        Modal.info({
          title: t('loading.note'),
          content: found.importantNote,
          okText: t('loading.yes'),
          okButtonProps: { ...({ 'data-testid': 'loading-note-ok' } as object) },
        });
      void drain();
    },
    [drain, t],
  );

  // A reload comes back to the pallet being loaded, with its queue.
  useEffect(() => {
    const code = currentPallet();
    if (!code) return;
    loadingApi
      .scan(code)
      .then((answer) => (answer.pallet ? open(answer.pallet, true) : setCurrentPallet('')))
      .catch(() => undefined);
  }, [open]);

  // The network is back (or may be): send what waits.
  useEffect(() => {
    const retry = () => {
      setOnline(true);
      void drain();
    };
    window.addEventListener('online', retry);
    const timer = setInterval(() => {
      if (queueRef.current.length > 0 && !stoppedRef.current) void drain();
    }, RETRY_MS);
    return () => {
      window.removeEventListener('online', retry);
      clearInterval(timer);
    };
  }, [drain]);

  const start = async (code: string) => {
    const answer = await loadingApi.scan(code);
    if (!answer.pallet) return show({ tone: 'error', text: t('loading.notFound', { value: answer.scan || code }) });
    await open(answer.pallet, false);
    if (answer.ambiguous) show({ tone: 'warning', text: t('loading.ambiguous', { code: answer.pallet.palletCode }) });
    else show({ tone: 'success', text: t('loading.loaded', { code: answer.pallet.palletCode }) });
  };

  const enqueue = (current: Pallet, scan: string) => {
    if (scan.trim().toUpperCase() === current.palletCode) {
      void loadingApi.tracking(current.palletCode).then(setRows);
      return show({ tone: 'info', text: t('loading.reviewed', { code: current.palletCode }) });
    }
    if (current.state !== 'open') return show({ tone: 'error', text: t('loading.closed') });
    const added: Pending[] = [];
    const refused: string[] = [];
    for (const trackingNo of splitTrackingScan(scan)) {
      if (queueRef.current.some((p) => p.trackingNo === trackingNo) || added.some((p) => p.trackingNo === trackingNo))
        refused.push(t('loading.inPending', { code: trackingNo }));
      else if (rows.some((r) => numberOf(r) === trackingNo)) refused.push(t('loading.persisted', { code: trackingNo }));
      else added.push({ trackingNo, key: newKey() });
    }
    if (added.length > 0) setQueue(current.palletCode, [...queueRef.current, ...added]);
    if (refused.length > 0) show({ tone: 'warning', text: refused.join(' · ') });
    else show({ tone: 'success', text: t('loading.queued', { count: added.length }) });
    void drain();
  };

  // One scan at a time (facts §9): the start scan waits for its answer.
  const onScan = async (code: string) => {
    if (busy.current) return show({ tone: 'warning', text: t('loading.busy') });
    busy.current = true;
    try {
      const current = palletRef.current;
      if (current) enqueue(current, code);
      else await start(code);
    } catch (err) {
      show({ tone: 'error', text: errorText(err) });
    } finally {
      busy.current = false;
    }
  };

  const retry = () => {
    if (!pallet) return;
    setQueue(
      pallet.palletCode,
      queueRef.current.map(({ trackingNo, key }) => ({ trackingNo, key })),
    );
    stop(false);
    void drain();
  };

  const dropPending = (key: string) => {
    if (!pallet) return;
    const next = queueRef.current.filter((p) => p.key !== key);
    setQueue(pallet.palletCode, next);
    if (!next.some((p) => p.error)) {
      stop(false);
      void drain();
    }
  };

  const removePersisted = async (trackingNo: string) => {
    if (!pallet) return;
    try {
      await loadingApi.remove(pallet.palletCode, trackingNo);
      setRows((current) => current.filter((r) => r.trackingNo !== trackingNo));
    } catch (err) {
      show({ tone: 'error', text: errorText(err) });
    }
  };

  const clear = () => {
    palletRef.current = null;
    setPallet(null);
    setRows([]);
    queueRef.current = [];
    setQueueState([]);
    stop(false);
    setCurrentPallet('');
    show(null);
  };

  const statusTag = (status: string) => (
    <Tag color={STATUS_COLOURS[status]} data-testid="loading-status">
      {t(`loading.status.${status}` as 'loading.status.resolved')}
    </Tag>
  );

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
        {!pallet && (
          <Typography.Paragraph type="secondary" className="loading-hint">
            {t('loading.startHint')}
          </Typography.Paragraph>
        )}
      </Card>
      {pallet && (
        <Card size="small" className="rcv-card" data-testid="loading-pallet">
          {pallet.importantNote && <Alert type="error" showIcon message={pallet.importantNote} className="loading-alert" />}
          {pallet.state !== 'open' && <Alert type="warning" showIcon message={t('loading.closed')} className="loading-alert" />}
          <Descriptions size="small" column={{ xs: 1, sm: 2, md: 3 }}>
            <Descriptions.Item label={t('loading.carrier')}>{pallet.pickupCarrier || '—'}</Descriptions.Item>
            <Descriptions.Item label={t('loading.unit')}>{t(`loading.unitLabel.${pallet.unitStr}`)}</Descriptions.Item>
            <Descriptions.Item label={t('loading.plate')}>{pallet.plateNumber2 || '—'}</Descriptions.Item>
            <Descriptions.Item label={t('loading.pickupDate')}>{pallet.pickupDate || '—'}</Descriptions.Item>
            <Descriptions.Item label={t('loading.count')}>
              <span data-testid="loading-count">{rows.length}</span>
            </Descriptions.Item>
          </Descriptions>
          <Button danger icon={<StopOutlined />} onClick={clear} data-testid="loading-clear" className="loading-clear">
            {t('loading.clear')}
          </Button>
        </Card>
      )}
      {pallet && (
        <Card
          size="small"
          className="rcv-card"
          title={`${t('loading.pending')} (${queue.length})`}
          extra={
            queue.length > 0 && (
              <Button icon={<ReloadOutlined />} onClick={retry} data-testid="loading-retry">
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
                actions={[<Button key="x" size="small" icon={<DeleteOutlined />} aria-label={t('loading.remove')} onClick={() => dropPending(p.key)} />]}
              >
                <div className="loading-row">
                  <Typography.Text strong>{p.trackingNo}</Typography.Text>
                  {p.error ? <Typography.Text type="danger">{p.error}</Typography.Text> : statusTag('unconfirmed')}
                </div>
              </List.Item>
            )}
          />
        </Card>
      )}
      {pallet && (
        <Card size="small" className="rcv-card" title={`${t('loading.persistedTitle')} (${rows.length})`} data-testid="loading-persisted">
          <List
            size="small"
            dataSource={[...rows].reverse()}
            locale={{ emptyText: t('loading.empty') }}
            renderItem={(r) => (
              <List.Item
                data-testid="loading-persisted-row"
                actions={
                  pallet.state === 'open'
                    ? [
                        <Popconfirm
                          key="x"
                          title={t('loading.removeConfirm', { code: numberOf(r) })}
                          okText={t('loading.yes')}
                          cancelText={t('loading.no')}
                          onConfirm={() => void removePersisted(r.trackingNo)}
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
                  {statusTag(resolveStatusOf(r))}
                </div>
              </List.Item>
            )}
          />
        </Card>
      )}
    </div>
  );
}
