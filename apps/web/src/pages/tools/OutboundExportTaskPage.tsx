import { DownloadOutlined, PlusOutlined, ReloadOutlined } from '@ant-design/icons';
import type { Job } from '@kontor/contracts/domains/jobs';
import type { OrderExportResult } from '@kontor/contracts/domains/outbound-io';
import { Button, Card, Progress, Space, Table, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { download } from '../../api/download.js';
import { api } from '../../api/request.js';
import { ACTIVE_JOB, JOB_TONES, jobPercent } from '../../layout/JobProgress.js';
import { formatDateTime } from '../../lib/format.js';
import { useJobList } from '../../layout/use-job-list.js';

const POLL_MS = 3000;
const readExportJobs = () => api('GET /v0/outbound/export/jobs', { quiet: true, background: true });

/**
 * `/tools/outboundExportTask` (issue 7 §6): the user's order exports that ran as background jobs,
 * with live progress, their row counts and their files to download later (the server keeps them).
 */
export default function OutboundExportTaskPage() {
  const { t } = useTranslation();
  const { loading, live, load } = useJobList(readExportJobs, POLL_MS);
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
        loading={loading}
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
