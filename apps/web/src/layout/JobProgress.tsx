import { DownloadOutlined } from '@ant-design/icons';
import type { Job } from '@kontor/contracts/domains/jobs';
import { Alert, Button, Card, Progress, Space, Tag, Typography } from 'antd';
import { useCallback, useEffect, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { download } from '../api/download.js';
import { api } from '../api/request.js';
import { useRealtime } from '../realtime/events.js';

export const ACTIVE_JOB = new Set(['queued', 'running']);
const POLL_MS = 2000;
export const JOB_TONES: Record<Job['status'], string> = { queued: 'default', running: 'processing', done: 'success', failed: 'error', canceled: 'warning' };

/**
 * One background job followed to its end: live progress from the `job` socket events (the same
 * ones the jobs indicator shows), re-read when its status changes, and polled while it is active in
 * case the socket is down.
 */
export function useJob(id: number | null) {
  const [loaded, setLoaded] = useState<Job | null>(null);
  // A job read for an earlier run is not shown for the next one.
  const job = loaded && loaded.id === id ? loaded : null;
  const event = useRealtime((s) => (id === null ? undefined : s.jobs[id]));
  const load = useCallback(() => {
    if (id === null) return Promise.resolve();
    return api('GET /v0/jobs/:id', { path: { id }, quiet: true, background: true }).then(setLoaded, () => undefined);
  }, [id]);
  useEffect(() => {
    void load();
  }, [load]);
  useEffect(() => {
    if (event?.status) void load();
  }, [event?.status, load]);
  const active = !!job && ACTIVE_JOB.has(job.status);
  useEffect(() => {
    if (!active) return;
    const timer = setInterval(() => void load(), POLL_MS);
    return () => clearInterval(timer);
  }, [active, load]);
  const cancel = useCallback(() => {
    if (id !== null) void api('POST /v0/jobs/:id/cancel', { path: { id } }).then(load, () => undefined);
  }, [id, load]);
  if (job && event && active && ACTIVE_JOB.has(event.status))
    return { job: { ...job, status: event.status as Job['status'], done: event.done, total: event.total }, load, cancel };
  return { job, load, cancel };
}

export const jobPercent = (job: Job) => (job.status === 'done' ? 100 : job.total ? Math.floor((100 * job.done) / job.total) : 0);

/**
 * A job's card: progress and cancel while it runs, `summary` and the result file once done, the
 * error when it failed. `testId` prefixes the test ids (`<testId>-job`, `-progress`, `-job-download` …).
 */
export function JobPanel(props: {
  job: Job;
  onCancel: () => void;
  title: string;
  testId: string;
  progressText: string;
  failedText: string;
  summary?: ReactNode;
}) {
  const { t } = useTranslation();
  const { job, testId } = props;
  return (
    <Card size="small" title={props.title} data-testid={`${testId}-job`} extra={<Tag color={JOB_TONES[job.status]}>{t(`jobs.status.${job.status}`)}</Tag>}>
      <Space direction="vertical" style={{ width: '100%' }}>
        {ACTIVE_JOB.has(job.status) && (
          <>
            <Progress percent={jobPercent(job)} status="active" data-testid={`${testId}-progress`} />
            <Typography.Text type="secondary">{props.progressText}</Typography.Text>
            <Button size="small" danger onClick={props.onCancel} data-testid={`${testId}-cancel`}>
              {t('common.cancel')}
            </Button>
          </>
        )}
        {job.status === 'done' && (
          <Space wrap>
            {props.summary}
            {job.resultUrl && (
              <Button type="primary" icon={<DownloadOutlined />} onClick={() => void download({ url: job.resultUrl! })} data-testid={`${testId}-job-download`}>
                {t('jobs.download')}
              </Button>
            )}
          </Space>
        )}
        {job.status === 'failed' && <Alert type="error" showIcon message={props.failedText} description={job.error} />}
      </Space>
    </Card>
  );
}
