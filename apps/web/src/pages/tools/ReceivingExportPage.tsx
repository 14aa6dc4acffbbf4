import { CloudDownloadOutlined, DownloadOutlined, FileExcelOutlined } from '@ant-design/icons';
import type { Job } from '@kontor/contracts/domains/jobs';
import { Alert, Button, Card, DatePicker, Form, Space, Typography } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { download } from '../../api/download.js';
import { ApiError } from '../../api/errors.js';
import { api } from '../../api/request.js';
import { ACTIVE_JOB, JobPanel, useJob } from '../../layout/JobProgress.js';

/** The server's limits (apps/server/src/modules/inbound/receiving-export.ts). */
const DIRECT_LIMIT = 5000;
const MAX_DAYS = 366;
const EXPORT_URL = '/v0/r7gorders/export.xlsx';

type Range = [Dayjs, Dayjs];
const thisMonth = (): Range => [dayjs().startOf('month'), dayjs().endOf('month')];
const periodOf = (range: Range) => ({ from: range[0].format('YYYY-MM-DD'), to: range[1].format('YYYY-MM-DD') });

function ReceivingJob({ job, onCancel }: { job: Job; onCancel: () => void }) {
  const { t } = useTranslation();
  const rows = (job.result as { rows?: number } | null)?.rows;
  const waiting = job.total ? t('receivingExport.progress', { done: job.done, total: job.total }) : t('receivingExport.queued');
  return (
    <JobPanel
      job={job}
      onCancel={onCancel}
      title={t('receivingExport.jobTitle')}
      testId="rexp"
      progressText={`${waiting} ${t('receivingExport.leaveHint')}`}
      failedText={t('receivingExport.failed')}
      summary={
        <Typography.Text type="success" data-testid="rexp-rows">
          {t('receivingExport.rows', { count: rows ?? job.done })}
        </Typography.Text>
      }
    />
  );
}

/**
 * `/tools/receivingExport` (issue 6 §8): receivings of a period as XLSX. A small period downloads at
 * once; a large one (or any, by choice) is exported by a background job whose progress shows here
 * and in the jobs indicator.
 */
export default function ReceivingExportPage() {
  const { t, i18n } = useTranslation();
  const numberTag = i18n.language === 'de' ? 'de-DE' : i18n.language === 'cn' ? 'zh-CN' : 'en-GB';
  const [range, setRange] = useState<Range>(thisMonth);
  const [busy, setBusy] = useState<'download' | 'background' | null>(null);
  const [tooMany, setTooMany] = useState<string | null>(null);
  const [jobId, setJobId] = useState<number | null>(null);
  const { job, cancel } = useJob(jobId);
  const tooLong = range[1].startOf('day').diff(range[0].startOf('day'), 'day') + 1 > MAX_DAYS;

  const directDownload = async () => {
    setBusy('download');
    setTooMany(null);
    try {
      await download({ url: EXPORT_URL, params: periodOf(range) }, 'receivings.xlsx');
    } catch (err) {
      // The server says the period is too large for a direct download: offer the background export.
      if (err instanceof ApiError && err.code === 'ToFront') setTooMany(err.message);
    } finally {
      setBusy(null);
    }
  };

  const background = async () => {
    setBusy('background');
    setTooMany(null);
    try {
      const queued = await api('POST /v0/r7gorders/export.xlsx', { data: periodOf(range) });
      setJobId(queued.id);
    } finally {
      setBusy(null);
    }
  };

  return (
    <div data-testid="receiving-export" style={{ maxWidth: 880 }}>
      <Space direction="vertical" size="middle" style={{ width: '100%' }}>
        <Card size="small">
          <Space direction="vertical" size="middle" style={{ width: '100%' }}>
            <Typography.Title level={5} style={{ margin: 0 }}>
              <FileExcelOutlined /> {t('receivingExport.title')}
            </Typography.Title>
            <Typography.Paragraph type="secondary" style={{ margin: 0 }}>
              {t('receivingExport.help')}
            </Typography.Paragraph>
            <Form layout="vertical" style={{ marginBottom: 0 }}>
              <Form.Item
                label={t('receivingExport.period')}
                validateStatus={tooLong ? 'error' : undefined}
                help={tooLong ? t('receivingExport.tooLong', { max: MAX_DAYS }) : undefined}
                style={{ marginBottom: 0 }}
              >
                <DatePicker.RangePicker
                  value={range}
                  format="YYYY-MM-DD"
                  allowClear={false}
                  onChange={(value) => value?.[0] && value[1] && setRange([value[0], value[1]])}
                  style={{ maxWidth: '100%' }}
                  data-testid="rexp-range"
                />
              </Form.Item>
            </Form>
            <Space wrap>
              <Button
                type="primary"
                icon={<DownloadOutlined />}
                loading={busy === 'download'}
                disabled={tooLong || busy !== null}
                onClick={() => void directDownload()}
                data-testid="rexp-download"
              >
                {t('receivingExport.download')}
              </Button>
              <Button
                icon={<CloudDownloadOutlined />}
                loading={busy === 'background'}
                disabled={tooLong || busy !== null || (!!job && ACTIVE_JOB.has(job.status))}
                onClick={() => void background()}
                data-testid="rexp-background"
              >
                {t('receivingExport.background')}
              </Button>
            </Space>
            <Typography.Text type="secondary">{t('receivingExport.limitHint', { limit: DIRECT_LIMIT.toLocaleString(numberTag) })}</Typography.Text>
            {tooMany && (
              <Alert
                type="warning"
                showIcon
                message={tooMany}
                data-testid="rexp-too-many"
                action={
                  <Button size="small" onClick={() => void background()} disabled={busy !== null}>
                    {t('receivingExport.background')}
                  </Button>
                }
              />
            )}
          </Space>
        </Card>
        {job && <ReceivingJob job={job} onCancel={cancel} />}
      </Space>
    </div>
  );
}
