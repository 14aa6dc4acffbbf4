import { CloudSyncOutlined } from '@ant-design/icons';
import { Badge, Button, Empty, List, Popover, Progress, Space, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { download } from '../api/download.js';
import { api } from '../api/request.js';
import { formatDateTime } from '../lib/format.js';
import { ACTIVE_JOB } from './JobProgress.js';
import { useJobList } from './use-job-list.js';

const readJobs = () => api('GET /v0/jobs/', { quiet: true, background: true });

/**
 * The user's background jobs in the top bar (issue 3 §7): live progress from `job` socket events,
 * the result to download, the error when one failed, cancel while it waits or runs.
 */
export function JobsIndicator() {
  const { t } = useTranslation();
  const { live, load } = useJobList(readJobs);
  const active = live.filter((j) => ACTIVE_JOB.has(j.status)).length;
  if (!live.length) return null;

  const content = (
    <List
      size="small"
      style={{ width: 340, maxHeight: 420, overflow: 'auto' }}
      dataSource={live}
      locale={{ emptyText: <Empty description={t('jobs.none')} /> }}
      renderItem={(job) => (
        <List.Item
          data-testid={`job-${job.id}`}
          actions={[
            job.resultUrl && job.status === 'done' ? (
              <Button key="dl" size="small" type="link" onClick={() => void download({ url: job.resultUrl! })}>
                {t('jobs.download')}
              </Button>
            ) : null,
            ACTIVE_JOB.has(job.status) ? (
              <Button key="cancel" size="small" type="link" danger onClick={() => void api('POST /v0/jobs/:id/cancel', { path: { id: job.id } }).then(load)}>
                {t('common.cancel')}
              </Button>
            ) : null,
          ].filter(Boolean)}
        >
          <Space direction="vertical" size={0} style={{ width: '100%' }}>
            <Typography.Text strong>{t(`jobs.kind.${job.kind}`, { defaultValue: job.kind })}</Typography.Text>
            <Typography.Text type="secondary" style={{ fontSize: 12 }}>
              {formatDateTime(job.createdAt)} · {t(`jobs.status.${job.status}`)}
            </Typography.Text>
            {job.status === 'running' && <Progress percent={job.total ? Math.round((100 * job.done) / job.total) : 0} size="small" />}
            {job.status === 'failed' && job.error && <Typography.Text type="danger">{job.error}</Typography.Text>}
            {job.status === 'done' && isImport(job.result) && (
              <Typography.Text type={job.result.failed ? 'warning' : 'success'} data-testid={`job-${job.id}-outcome`}>
                {t('jobs.imported', { imported: job.result.imported, failed: job.result.failed })}
              </Typography.Text>
            )}
          </Space>
        </List.Item>
      )}
    />
  );

  return (
    <Popover content={content} title={t('jobs.title')} trigger="click" placement="bottomRight">
      <Badge count={active} size="small">
        <Button type="text" icon={<CloudSyncOutlined spin={active > 0} />} aria-label={t('jobs.title')} data-testid="jobs-indicator" />
      </Badge>
    </Popover>
  );
}

/** Imports answer how many rows they wrote and how many were refused (the report has the details). */
function isImport(result: unknown): result is { imported: number; failed: number } {
  return typeof result === 'object' && result !== null && 'imported' in result && 'failed' in result;
}
