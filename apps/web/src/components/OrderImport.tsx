import { DownloadOutlined, FileExcelOutlined, UploadOutlined } from '@ant-design/icons';
import type { OrderImportResult } from '@kontor/contracts/domains/outbound-io';
import { Alert, Button, Checkbox, Form, Modal, Progress, Space, Table, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { download } from '../api/download.js';
import { api } from '../api/request.js';
import { uploadFile } from '../api/upload.js';
import { ACTIVE_JOB, jobPercent, useJob } from '../layout/JobProgress.js';
import { useCan } from '../masks/can.js';
import { ImportSourceFields, useImportMerchants } from './ImportSourceFields.js';

interface Values {
  merchantId?: number;
  checkOnly?: boolean;
}
const SHOWN_ERRORS = 50;

/** The outcome of a finished import: counts, the first problems, the report to download. */
function Outcome({ result, reportUrl }: { result: OrderImportResult; reportUrl: string | null }) {
  const { t } = useTranslation();
  const counts = { created: result.created, orders: result.orders };
  return (
    <Space direction="vertical" style={{ width: '100%' }} data-testid="order-import-outcome">
      <Alert
        type={result.errors.length ? 'warning' : 'success'}
        showIcon
        message={result.checkOnly ? t('orderImport.checked', counts) : t('orderImport.created', counts)}
        description={result.duplicates ? t('orderImport.duplicates', { count: result.duplicates }) : undefined}
        data-testid="order-import-summary"
      />
      {result.errors.length > 0 && (
        <>
          <Space wrap style={{ justifyContent: 'space-between', width: '100%' }}>
            <Typography.Text strong>{t('orderImport.errorsTitle')}</Typography.Text>
            {reportUrl && (
              <Button icon={<DownloadOutlined />} onClick={() => void download({ url: reportUrl })} data-testid="order-import-report">
                {t('orderImport.report')}
              </Button>
            )}
          </Space>
          <Table
            size="small"
            rowKey={(e) => `${e.line}-${e.field}-${e.message}`}
            pagination={false}
            scroll={{ x: 600, y: 260 }}
            dataSource={result.errors.slice(0, SHOWN_ERRORS)}
            columns={[
              { title: t('orderImport.line'), dataIndex: 'line', width: 64 },
              { title: t('orderImport.reference'), dataIndex: 'refOrderId', width: 160 },
              { title: t('orderImport.field'), dataIndex: 'field', width: 120 },
              { title: t('orderImport.message'), dataIndex: 'message' },
            ]}
            data-testid="order-import-errors"
          />
          {result.errors.length > SHOWN_ERRORS && (
            <Typography.Text type="secondary">{t('orderImport.moreErrors', { count: result.errors.length })}</Typography.Text>
          )}
        </>
      )}
    </Space>
  );
}

/**
 * Order import (issue 7 §6) for the order list's toolbar: template download, upload, then a
 * background job whose progress and outcome (with the error report) show in the dialog and in the
 * jobs indicator. Staff choose the merchant; a merchant imports its own orders.
 */
export function OrderImport() {
  const { t } = useTranslation();
  const can = useCan();
  const [open, setOpen] = useState(false);
  const [busy, setBusy] = useState(false);
  const [file, setFile] = useState<File | null>(null);
  const [jobId, setJobId] = useState<number | null>(null);
  const [form] = Form.useForm<Values>();
  const merchants = useImportMerchants(open, form);
  const checkOnly = Form.useWatch('checkOnly', form) === true;
  const merchantId = Form.useWatch('merchantId', form);
  const { job } = useJob(jobId);

  if (!can('p11y.orders.import')) return null;

  const start = async (values: Values) => {
    if (!file) return;
    setBusy(true);
    try {
      const uploaded = await uploadFile('intern', file);
      const queued = await api('POST /v0/outbound/import', {
        data: { fileId: uploaded.id, merchantId: values.merchantId, checkOnly: values.checkOnly === true },
      });
      setJobId(queued.id);
    } finally {
      setBusy(false);
    }
  };
  const reset = () => {
    setJobId(null);
    setFile(null);
  };
  const template = (format: 'xlsx' | 'csv') =>
    void download({ url: '/v0/outbound/import/template', params: { format, ...(merchantId ? { merchantId } : {}) } }, `order-import-template.${format}`);

  const running = !!job && ACTIVE_JOB.has(job.status);
  const result = job?.status === 'done' ? (job.result as OrderImportResult) : null;
  return (
    <>
      <Button icon={<UploadOutlined />} onClick={() => setOpen(true)} data-testid="order-import">
        {t('orderImport.button')}
      </Button>
      <Modal
        open={open}
        title={t('orderImport.title')}
        width={720}
        onCancel={() => setOpen(false)}
        destroyOnHidden
        footer={
          job && !running ? (
            <Button onClick={reset} data-testid="order-import-again">
              {t('orderImport.again')}
            </Button>
          ) : (
            <Space>
              <Button onClick={() => setOpen(false)}>{t('common.cancel')}</Button>
              <Button type="primary" loading={busy || running} disabled={!file} onClick={() => form.submit()} data-testid="order-import-start">
                {checkOnly ? t('orderImport.check') : t('orderImport.start')}
              </Button>
            </Space>
          )
        }
      >
        <Space direction="vertical" style={{ width: '100%' }}>
          <Typography.Paragraph type="secondary" style={{ margin: 0 }}>
            {t('orderImport.help')}
          </Typography.Paragraph>
          <Space wrap>
            <Button size="small" icon={<FileExcelOutlined />} onClick={() => template('xlsx')} data-testid="order-import-template">
              {t('orderImport.templateXlsx')}
            </Button>
            <Button size="small" icon={<DownloadOutlined />} onClick={() => template('csv')}>
              {t('orderImport.templateCsv')}
            </Button>
          </Space>
          {!job && (
            <Form form={form} layout="vertical" onFinish={start}>
              <ImportSourceFields
                merchants={merchants}
                onFile={setFile}
                texts={{ merchant: t('orderImport.merchant'), file: t('orderImport.file'), required: t('orderImport.required') }}
                testId="order-import"
              />
              <Form.Item name="checkOnly" valuePropName="checked" style={{ marginBottom: 0 }}>
                <Checkbox data-testid="order-import-check-only">{t('orderImport.checkOnly')}</Checkbox>
              </Form.Item>
            </Form>
          )}
          {running && (
            <div data-testid="order-import-progress">
              <Progress percent={jobPercent(job)} status="active" />
              <Typography.Text type="secondary">
                {job.total ? t('orderImport.progress', { done: job.done, total: job.total }) : t('orderImport.queued')}
              </Typography.Text>
            </div>
          )}
          {result && <Outcome result={result} reportUrl={job?.resultUrl ?? null} />}
          {job?.status === 'failed' && <Alert type="error" showIcon message={t('orderImport.failed')} description={job.error} />}
        </Space>
      </Modal>
    </>
  );
}
