import { CloudDownloadOutlined, DownloadOutlined, FileExcelOutlined, HistoryOutlined } from '@ant-design/icons';
import { OUTBOUND_ORDER, toLocale } from '@kontor/contracts';
import { CARRIERS, PRIORITIES, PRIORITY_CODES, TASK_TYPES } from '@kontor/contracts/domains/outbound';
import { ORDER_EXPORT_DIRECT_LIMIT, ORDER_EXPORT_VIEWS, type OrderExportView } from '@kontor/contracts/domains/outbound-io';
import { Alert, Button, Card, DatePicker, Form, Input, Select, Space, Typography } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { download } from '../../api/download.js';
import { ApiError } from '../../api/errors.js';
import { api } from '../../api/request.js';
import { JobPanel, useJob, ACTIVE_JOB } from '../../layout/JobProgress.js';
import { useCan } from '../../masks/can.js';
import { OrderImport } from '../../components/OrderImport.js';

const EXPORT_URL = '/v0/outbound/export.xlsx';
/** The filters this form edits; any other filter of the query string is passed on as it came. */
const FORM_KEYS = ['view', 'q', 'status', 'carrier', 'typeOfTask', 'priority', 'consigneeCountry', 'createdAt'];

interface Values {
  view: OrderExportView;
  q?: string;
  status?: string[];
  carrier?: string;
  typeOfTask?: string;
  priority?: string;
  consigneeCountry?: string;
  createdAt?: [Dayjs, Dayjs] | null;
}

/** `FROM..TO` of days or ISO times, as the order lists write it, to the range picker and back. */
function rangeOf(text: string | null): [Dayjs, Dayjs] | null {
  const [from, to] = (text ?? '').split('..');
  return from && to && dayjs(from).isValid() && dayjs(to).isValid() ? [dayjs(from), dayjs(to)] : null;
}
const rangeText = (range: [Dayjs, Dayjs] | null | undefined) => (range ? `${range[0].format('YYYY-MM-DD')}..${range[1].format('YYYY-MM-DD')}` : undefined);

function valuesOf(params: URLSearchParams, views: OrderExportView[]): Values {
  const view = params.get('view') as OrderExportView | null;
  return {
    view: view && views.includes(view) ? view : (views[0] ?? 'orders'),
    q: params.get('q') ?? undefined,
    status: params.getAll('status'),
    carrier: params.get('carrier') ?? undefined,
    typeOfTask: params.get('typeOfTask') ?? undefined,
    priority: params.get('priority') ?? undefined,
    consigneeCountry: params.get('consigneeCountry') ?? undefined,
    createdAt: rangeOf(params.get('createdAt')),
  };
}

/**
 * `/tools/outboundExport` (issue 7 §6): the orders of a list with its filter as XLSX. The order list
 * screens link here with their view and filters in the query string; the form shows and changes
 * them. Up to the limit the file downloads at once, more runs as a background job.
 */
export default function OutboundExportPage() {
  const { t, i18n } = useTranslation();
  const locale = toLocale(i18n.language);
  const can = useCan();
  const [params, setParams] = useSearchParams();
  const views = (Object.keys(ORDER_EXPORT_VIEWS) as OrderExportView[]).filter((v) => can(ORDER_EXPORT_VIEWS[v]));
  const [form] = Form.useForm<Values>();
  const initial = useMemo(() => valuesOf(params, views), []); // eslint-disable-line react-hooks/exhaustive-deps -- the query string seeds the form once
  const extra = useMemo(() => [...params.entries()].filter(([k]) => !FORM_KEYS.includes(k) && k !== 'tz'), [params]);
  const [busy, setBusy] = useState<'download' | 'background' | null>(null);
  const [tooMany, setTooMany] = useState<string | null>(null);
  const [jobId, setJobId] = useState<number | null>(null);
  const { job, cancel } = useJob(jobId);
  const background = can('tools.outboundExportTask.view');

  const query = () => {
    const v = form.getFieldsValue(true) as Values;
    const out: Record<string, unknown> = { tz: Intl.DateTimeFormat().resolvedOptions().timeZone };
    for (const [k, value] of extra) out[k] = out[k] === undefined ? value : ([] as unknown[]).concat(out[k], value);
    return { ...out, ...v, q: v.q?.trim() || undefined, status: v.status?.length ? v.status : undefined, createdAt: rangeText(v.createdAt) };
  };
  /** The form in the address, so a filter can be bookmarked or shared. */
  const remember = () => {
    const next = new URLSearchParams();
    for (const [k, value] of Object.entries(query()))
      if (k !== 'tz' && value !== undefined && value !== '') ([] as unknown[]).concat(value).forEach((x) => next.append(k, String(x)));
    setParams(next, { replace: true });
  };

  const directDownload = async () => {
    setBusy('download');
    setTooMany(null);
    try {
      await download({ url: EXPORT_URL, params: query() }, 'orders.xlsx');
    } catch (err) {
      if (err instanceof ApiError && err.code === 'ToFront') setTooMany(err.message);
    } finally {
      setBusy(null);
    }
  };
  const startJob = async () => {
    setBusy('background');
    setTooMany(null);
    try {
      setJobId((await api('POST /v0/outbound/export.xlsx', { data: query() })).id);
    } finally {
      setBusy(null);
    }
  };

  const select = (values: readonly string[], label: (v: string) => string = (v) => v) => values.map((v) => ({ value: v, label: label(v) }));
  const rows = (job?.result as { rows?: number } | null)?.rows;
  return (
    <div data-testid="outbound-export" style={{ maxWidth: 880 }}>
      <Space direction="vertical" size="middle" style={{ width: '100%' }}>
        <Card size="small">
          <Space direction="vertical" size="middle" style={{ width: '100%' }}>
            <Space wrap style={{ justifyContent: 'space-between', width: '100%' }}>
              <Typography.Title level={5} style={{ margin: 0 }}>
                <FileExcelOutlined /> {t('orderExport.title')}
              </Typography.Title>
              <Space wrap>
                {/* Spreadsheets in and out in one place; the order lists carry the import button too. */}
                <OrderImport />
                {background && (
                  <Link to="/tools/outboundExportTask">
                    <HistoryOutlined /> {t('orderExport.jobsLink')}
                  </Link>
                )}
              </Space>
            </Space>
            <Typography.Paragraph type="secondary" style={{ margin: 0 }}>
              {t('orderExport.help')}
            </Typography.Paragraph>
            <Form form={form} layout="vertical" initialValues={initial} onValuesChange={remember} style={{ marginBottom: 0 }}>
              <div style={{ display: 'grid', gridTemplateColumns: 'repeat(auto-fill, minmax(240px, 1fr))', columnGap: 16 }}>
                <Form.Item name="view" label={t('orderExport.view')}>
                  <Select options={select(views, (v) => t(`orderExport.views.${v}`))} data-testid="oexp-view" />
                </Form.Item>
                <Form.Item name="q" label={t('orderExport.q')}>
                  <Input allowClear data-testid="oexp-q" />
                </Form.Item>
                <Form.Item name="status" label={t('orderExport.status')}>
                  <Select
                    mode="multiple"
                    allowClear
                    optionFilterProp="label"
                    placeholder={t('orderExport.any')}
                    options={Object.values(OUTBOUND_ORDER.states).map((s) => ({ value: String(s.code), label: s.label[locale] }))}
                    data-testid="oexp-status"
                  />
                </Form.Item>
                <Form.Item name="carrier" label={t('orderExport.carrier')}>
                  <Select allowClear placeholder={t('orderExport.any')} options={select(CARRIERS)} />
                </Form.Item>
                <Form.Item name="typeOfTask" label={t('orderExport.typeOfTask')}>
                  <Select allowClear placeholder={t('orderExport.any')} options={select(TASK_TYPES)} />
                </Form.Item>
                <Form.Item name="priority" label={t('orderExport.priority')}>
                  <Select
                    allowClear
                    placeholder={t('orderExport.any')}
                    options={PRIORITIES.map((p) => ({ value: String(PRIORITY_CODES[p]), label: t(`orderExport.priorities.${p}`) }))}
                  />
                </Form.Item>
                <Form.Item name="consigneeCountry" label={t('orderExport.country')} normalize={(v: string) => v?.toUpperCase()}>
                  <Input allowClear maxLength={2} placeholder="DE" />
                </Form.Item>
                <Form.Item name="createdAt" label={t('orderExport.createdAt')}>
                  <DatePicker.RangePicker format="YYYY-MM-DD" style={{ width: '100%' }} data-testid="oexp-created" />
                </Form.Item>
              </div>
            </Form>
            {extra.length > 0 && <Typography.Text type="secondary">{extra.map(([k, v]) => `${k}=${v}`).join(' · ')}</Typography.Text>}
            <Space wrap>
              <Button
                type="primary"
                icon={<DownloadOutlined />}
                loading={busy === 'download'}
                disabled={busy !== null}
                onClick={() => void directDownload()}
                data-testid="oexp-download"
              >
                {t('orderExport.download')}
              </Button>
              {background && (
                <Button
                  icon={<CloudDownloadOutlined />}
                  loading={busy === 'background'}
                  disabled={busy !== null || (!!job && ACTIVE_JOB.has(job.status))}
                  onClick={() => void startJob()}
                  data-testid="oexp-background"
                >
                  {t('orderExport.background')}
                </Button>
              )}
            </Space>
            <Typography.Text type="secondary">{t('orderExport.limitHint', { limit: ORDER_EXPORT_DIRECT_LIMIT.toLocaleString() })}</Typography.Text>
            {tooMany && (
              <Alert
                type="warning"
                showIcon
                message={tooMany}
                data-testid="oexp-too-many"
                action={
                  background && (
                    <Button size="small" onClick={() => void startJob()} disabled={busy !== null}>
                      {t('orderExport.background')}
                    </Button>
                  )
                }
              />
            )}
          </Space>
        </Card>
        {job && (
          <JobPanel
            job={job}
            onCancel={cancel}
            title={t('orderExport.jobTitle')}
            testId="oexp"
            progressText={job.total ? t('orderExport.progress', { done: job.done, total: job.total }) : t('orderExport.queued')}
            failedText={t('orderExport.failed')}
            summary={<Typography.Text type="success">{t('orderExport.rows', { count: rows ?? job.done })}</Typography.Text>}
          />
        )}
      </Space>
    </div>
  );
}
