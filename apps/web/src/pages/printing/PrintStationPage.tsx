import { PrinterOutlined, ReloadOutlined } from '@ant-design/icons';
import type { PrintJob, PrintStation } from '@kontor/contracts/domains/printing-responses';
import { useQuery } from '@tanstack/react-query';
import { Alert, Badge, Button, Card, Input, Space, Table, Tag, Typography, type TableColumnsType } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { invalidateDomains } from '../../api/query-client.js';
import { api } from '../../api/request.js';
import { formatDateTime } from '../../lib/format.js';
import { useRealtime } from '../../realtime/events.js';
import { agentPrinters, storeAgentUrl, storedAgentUrl, type AgentStatus } from './print-agent.js';
import { usePrintQueue, type LiveJob } from './use-print-queue.js';

const AGENT_RECHECK_MS = 30_000;
const STATE_COLOR: Record<string, string> = { sent: 'processing', printing: 'processing', printed: 'success', failed: 'error' };

function StateText({ state, error }: { state: string; error?: string }) {
  const { t } = useTranslation();
  return (
    <Space orientation="vertical" size={0}>
      <Tag color={STATE_COLOR[state]}>{t(`printStation.state.${state}`)}</Tag>
      {error ? <Typography.Text type="danger">{error}</Typography.Text> : null}
    </Space>
  );
}

/** The agent on this PC: its address (kept in this browser), whether it runs and its printers. */
function AgentCard({
  url,
  setUrl,
  status,
  printers,
  recheck,
}: {
  url: string;
  setUrl: (u: string) => void;
  status: AgentStatus;
  printers: string[] | null;
  recheck: () => void;
}) {
  const { t } = useTranslation();
  const [draft, setDraft] = useState(url);
  const badge = status === 'running' ? 'success' : status === 'offline' ? 'error' : 'processing';
  return (
    <Card size="small" title={t('printStation.agent')} data-testid="print-station-agent">
      <Space orientation="vertical" style={{ width: '100%' }}>
        <Space.Compact style={{ width: '100%', maxWidth: 480 }}>
          <Input
            value={draft}
            onChange={(e) => setDraft(e.target.value)}
            onPressEnter={() => setUrl(draft.trim())}
            aria-label={t('printStation.agentUrl')}
            data-testid="print-station-agent-url"
          />
          <Button icon={<ReloadOutlined />} onClick={() => (draft.trim() === url ? recheck() : setUrl(draft.trim()))}>
            {t('printStation.check')}
          </Button>
        </Space.Compact>
        <Badge status={badge} text={<span data-testid="print-station-agent-status">{t(`printStation.agentStatus.${status}`)}</span>} />
        {status === 'offline' ? <Alert type="warning" showIcon title={t('printStation.agentHint')} /> : null}
        {printers ? (
          <div data-testid="print-station-printers">
            {t('printStation.agentPrinters')}: {printers.length ? printers.map((p) => <Tag key={p}>{p}</Tag>) : t('printStation.none')}
          </div>
        ) : null}
      </Space>
    </Card>
  );
}

/** Which printer takes each kind of document (settings → printers). */
function RoutingCard({ station }: { station: PrintStation | undefined }) {
  const { t } = useTranslation();
  return (
    <Card size="small" title={t('printStation.routing')}>
      <Table
        size="small"
        rowKey="kind"
        pagination={false}
        data-testid="print-station-routing"
        dataSource={station?.routes ?? []}
        columns={[
          { key: 'kind', title: t('printStation.kind'), render: (_, r) => t(`printStation.kinds.${r.kind}`) },
          { key: 'printer', title: t('printStation.printer'), render: (_, r) => r.printerName || t('printStation.agentDefault') },
          { key: 'agent', title: t('printStation.agentUrl'), responsive: ['md'], render: (_, r) => r.agentUrl || t('printStation.thisPc') },
        ]}
      />
    </Card>
  );
}

/**
 * `/wEP/printStation` (issue 17 item 7, docs/printing.md): the page a print station keeps open. It
 * shows the print agent of this PC and the routing, prints every `print` event the socket brings
 * through the agent, and lists the history with reprint.
 */
export default function PrintStationPage() {
  const { t } = useTranslation();
  const connected = useRealtime((s) => s.connected);
  const stationQuery = useQuery({ queryKey: ['print-jobs', 'station'], queryFn: () => api('GET /v0/print/station') });
  const history = useQuery({
    queryKey: ['print-jobs', 'history'],
    queryFn: () => api('GET /v0/print/history', { params: { l: 50 } }),
  });
  const station = stationQuery.data;
  const [agentUrl, setAgentUrlState] = useState(() => storedAgentUrl() ?? '');
  const effectiveUrl = agentUrl || station?.printers.find((p) => p.agentUrl)?.agentUrl || station?.defaultAgentUrl || 'http://localhost:9100';
  // The agent is asked when the page opens, when its address changes, on "Check" and every 30 s.
  const [round, setRound] = useState(0);
  const [probe, setProbe] = useState<{ url: string; round: number; printers: string[] | null } | null>(null);
  useEffect(() => {
    let current = true;
    const ask = () => void agentPrinters(effectiveUrl).then((printers) => current && setProbe({ url: effectiveUrl, round, printers }));
    ask();
    const timer = setInterval(ask, AGENT_RECHECK_MS);
    return () => {
      current = false;
      clearInterval(timer);
    };
  }, [effectiveUrl, round]);
  const fresh = probe?.url === effectiveUrl ? probe : null;
  const status: AgentStatus = !fresh || fresh.round !== round ? 'checking' : fresh.printers ? 'running' : 'offline';
  const printers = fresh?.printers ?? null;

  const setAgentUrl = (url: string) => {
    storeAgentUrl(url);
    setAgentUrlState(url);
  };
  const live = usePrintQueue(effectiveUrl, printers);
  const [reprinting, setReprinting] = useState<number | null>(null);
  const reprint = async (id: number) => {
    setReprinting(id);
    try {
      await api('POST /v0/print/history/:id/reprint', { path: { id } });
      await invalidateDomains('print-jobs');
    } finally {
      setReprinting(null);
    }
  };

  const liveColumns: TableColumnsType<LiveJob> = [
    { key: 'at', title: t('printStation.time'), width: 150, render: (_, j) => formatDateTime(j.at) },
    { key: 'what', title: t('printStation.document'), render: (_, j) => j.job.title || j.job.sn || j.job.previewUrl },
    { key: 'printer', title: t('printStation.printer'), responsive: ['sm'], render: (_, j) => j.printer },
    { key: 'state', title: t('printStation.stateTitle'), render: (_, j) => <StateText state={j.state} error={j.error} /> },
  ];
  const historyColumns: TableColumnsType<PrintJob> = [
    { key: 'at', title: t('printStation.time'), width: 150, render: (_, j) => formatDateTime(j.createdAt) },
    { key: 'kind', title: t('printStation.kind'), responsive: ['md'], render: (_, j) => t(`printStation.kinds.${j.kind}`) },
    { key: 'what', title: t('printStation.document'), render: (_, j) => j.title || j.sn || j.url },
    { key: 'sender', title: t('printStation.sender'), responsive: ['md'], render: (_, j) => j.userName },
    { key: 'printer', title: t('printStation.printer'), responsive: ['lg'], render: (_, j) => j.printerName || t('printStation.agentDefault') },
    { key: 'state', title: t('printStation.stateTitle'), render: (_, j) => <StateText state={j.state} error={j.error} /> },
    {
      key: 'actions',
      title: '',
      render: (_, j) => (
        <Button size="small" icon={<PrinterOutlined />} loading={reprinting === j.id} onClick={() => void reprint(j.id)} data-testid={`print-reprint-${j.id}`}>
          {t('printStation.reprint')}
        </Button>
      ),
    },
  ];

  return (
    <Space orientation="vertical" size="middle" style={{ width: '100%' }} data-testid="print-station">
      <Space wrap>
        <Typography.Title level={4} style={{ margin: 0 }}>
          {station ? t('printStation.title', { name: station.station.name }) : t('printStation.titlePlain')}
        </Typography.Title>
        <Badge
          status={connected ? 'success' : 'error'}
          text={<span data-testid="print-station-socket">{t(connected ? 'printStation.socketOn' : 'printStation.socketOff')}</span>}
        />
      </Space>
      {station && !station.isStation ? (
        <Alert type="info" showIcon title={t('printStation.notStation', { name: station.station.name })} data-testid="print-station-not-station" />
      ) : null}
      <AgentCard key={effectiveUrl} url={effectiveUrl} setUrl={setAgentUrl} status={status} printers={printers} recheck={() => setRound((r) => r + 1)} />
      <RoutingCard station={station} />
      <Card size="small" title={t('printStation.live')}>
        <Table
          size="small"
          rowKey="key"
          pagination={false}
          scroll={{ x: true }}
          data-testid="print-station-live"
          dataSource={live}
          columns={liveColumns}
          locale={{ emptyText: t('printStation.waiting') }}
        />
      </Card>
      <Card
        size="small"
        title={t('printStation.history')}
        extra={<Button size="small" icon={<ReloadOutlined />} onClick={() => void invalidateDomains('print-jobs')} aria-label={t('printStation.refresh')} />}
      >
        <Table
          size="small"
          rowKey="id"
          pagination={false}
          scroll={{ x: true }}
          loading={history.isFetching}
          data-testid="print-station-history"
          dataSource={history.data?.data ?? []}
          columns={historyColumns}
        />
      </Card>
    </Space>
  );
}
