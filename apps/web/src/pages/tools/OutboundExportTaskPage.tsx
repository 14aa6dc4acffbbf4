import { DownloadOutlined, PlusOutlined, ReloadOutlined } from '@ant-design/icons';
import type { Job } from '@kontor/contracts/domains/jobs';
import type { OrderExportResult } from '@kontor/contracts/domains/outbound-io';
import { Button, Card, Progress, Space, Table, Tag, Typography } from 'antd';
import { useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { download } from '../../api/download.js';
import { api } from '../../api/request.js';
import { ACTIVE_JOB, JOB_TONES, jobPercent } from '../../layout/JobProgress.js';
import { formatDateTime } from '../../lib/format.js';
import { useRealtime } from '../../realtime/events.js';

const POLL_MS = 3000;

/**
 * `/tools/outboundExportTask` (issue 7 §6): the user's order exports that ran as background jobs,
 * with live progress, their row counts and their files to download later (the server keeps them).
 */
export default function OutboundExportTaskPage() {
  const { t } = useTranslation();
  const [jobs, setJobs] = useState<Job[] | null>(null);
  const events = useRealtime((s) => s.jobs);
  const load = useCallback(() => api('GET /v0/outbound/export/jobs', { quiet: true, background: true }).then(setJobs, () => undefined), []);
  useEffect(() => {
    void load();
  }, [load]);
  const eventKey = Object.values(events)
    .map((e) => `${e.id}:${e.status}`)
    .join(',');
  useEffect(() => {
    if (eventKey) void load();
  }, [eventKey, load]);
  const active = !!jobs?.some((j) => ACTIVE_JOB.has(j.status));
  useEffect(() => {
    if (!active) return;
    const timer = setInterval(() => void load(), POLL_MS);
    return () => clearInterval(timer);
  }, [active, load]);

  const live = (jobs ?? []).map((job) => {
    const event = events[job.id];
    return event && ACTIVE_JOB.has(job.status) ? { ...job, status: event.status as Job['status'], done: event.done, total: event.total } : job;
  });
  const resultOf = (job: Job) => job.result as OrderExportResult | null;
  return (
    <Card
      size="small"
      data-testid="outbound-export-tasks"
      title={t('orderExportTasks.title')}
      extra={
        <Space>
          <Button size="small" icon={<ReloadOutlined />} onClick={() => void load()} aria-label={t('orderExportTasks.refresh')} />
          <Link to="/tools/outboundExport">
            <Button size="small" type="primary" icon={<PlusOutlined />}>
              {t('orderExportTasks.newExport')}
            </Button>
          </Link>
        </Space>
      }
    >
      <Typography.Paragraph type="secondary">{t('orderExportTasks.help')}</Typography.Paragraph>
      <Table
        size="small"
        rowKey="id"
        loading={jobs === null}
        dataSource={live}
        pagination={{ pageSize: 25, hideOnSinglePage: true }}
        scroll={{ x: 720 }}
        locale={{ emptyText: t('orderExportTasks.none') }}
        columns={[
          { title: t('orderExportTasks.created'), dataIndex: 'createdAt', width: 170, render: (v: string) => formatDateTime(v) },
          {
            title: t('orderExportTasks.view'),
            key: 'view',
            render: (_: unknown, job: Job) => {
              const view = resultOf(job)?.view;
              return view ? t(`orderExport.views.${view}`, { defaultValue: view }) : '—';
            },
          },
          {
            title: t('orderExportTasks.status'),
            dataIndex: 'status',
            width: 110,
            render: (status: Job['status']) => <Tag color={JOB_TONES[status]}>{t(`jobs.status.${status}`)}</Tag>,
          },
          {
            title: t('orderExportTasks.progress'),
            key: 'progress',
            width: 180,
            render: (_: unknown, job: Job) =>
              job.status === 'failed' ? (
                <Typography.Text type="danger">{job.error}</Typography.Text>
              ) : (
                <Progress percent={jobPercent(job)} size="small" status={ACTIVE_JOB.has(job.status) ? 'active' : undefined} />
              ),
          },
          {
            title: t('orderExportTasks.rows'),
            key: 'rows',
            width: 90,
            align: 'right' as const,
            render: (_: unknown, job: Job) => resultOf(job)?.rows ?? job.done,
          },
          {
            title: t('orderExportTasks.file'),
            key: 'file',
            width: 110,
            render: (_: unknown, job: Job) =>
              job.resultUrl && job.status === 'done' ? (
                <Button
                  size="small"
                  type="link"
                  icon={<DownloadOutlined />}
                  onClick={() => void download({ url: job.resultUrl! })}
                  data-testid={`oexp-task-${job.id}`}
                >
                  {t('jobs.download')}
                </Button>
              ) : null,
          },
        ]}
      />
    </Card>
  );
}
