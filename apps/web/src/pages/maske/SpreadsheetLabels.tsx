import type { Page } from '@kontor/contracts';
import type { Mask } from '@kontor/contracts/masks';
import { Result, Spin } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { fetchFile } from '../../api/download.js';
import { ApiError } from '../../api/errors.js';
import { request } from '../../api/request.js';
import { parseFilter } from './spreadsheet-params.js';

/** Most records one `labelMultiple` view prints (the label service's own cap is higher). */
const MAX_RECORDS = 1000;

type Row = Record<string, unknown>;

/** The value each label carries: the first field named in `fields`, else the mask's key. */
export function labelValues(rows: Row[], field: string): string[] {
  return rows
    .map((row) => row[field])
    .filter((v): v is string | number => (typeof v === 'string' && v.trim() !== '') || typeof v === 'number')
    .map(String);
}

/**
 * The spreadsheet viewer's label kinds (spec §2, issue 17 item 9; docs/documents.md): `label` prints the
 * record named by `pk` (or the first one the filter finds), `labelMultiple` every record of the mask's
 * data source matching `filter` and `search`. The records are read with the session's rights and handed
 * to the label print path (`POST /v0/labels/barcodes`, Code 128 with its text), shown in the PDF viewer.
 */
export function SpreadsheetLabels({ mask, params }: { mask: Mask; params: URLSearchParams }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [error, setError] = useState<string | null>(null);
  const query = params.toString();

  useEffect(() => {
    const search = new URLSearchParams(query);
    const controller = new AbortController();
    const field =
      search
        .get('fields')
        ?.split(',')
        .map((f) => f.trim())
        .find(Boolean) ?? mask.pk;
    const pk = search.get('pk');
    const filters = { ...parseFilter(search.get('filter')), ...(pk ? { [mask.pk]: pk } : {}) };
    const single = mask.kind === 'label';
    const run = async () => {
      if (!mask.dataSrc) throw new ApiError('business', t('mask.notFound'));
      const answer = await request<Page<Row> | Row[]>({
        url: mask.dataSrc.api,
        params: { ...(mask.dataSrc.params ?? {}), ...filters, q: search.get('search') || undefined, l: single ? 1 : MAX_RECORDS },
        signal: controller.signal,
      });
      const rows = Array.isArray(answer) ? answer : answer.data;
      const values = labelValues(single ? rows.slice(0, 1) : rows, field);
      if (values.length === 0) throw new ApiError('business', t('mask.noLabelRecords'));
      const file = await fetchFile(
        { url: '/v0/labels/barcodes', method: 'POST', data: { symbology: 'code128', values, size: '100x50', showText: true } },
        `${mask.name}.pdf`,
      );
      if (!controller.signal.aborted) navigate(`/pdfViewer?${new URLSearchParams({ url: file.url, name: file.name }).toString()}`, { replace: true });
    };
    run().catch((err: unknown) => {
      if (!controller.signal.aborted) setError(err instanceof Error ? err.message : String(err));
    });
    return () => controller.abort();
  }, [mask, query, navigate, t]);

  if (error) return <Result status="warning" title={error} data-testid="spreadsheet-label-error" />;
  return <Spin style={{ display: 'block', margin: '48px auto' }} data-testid="spreadsheet-label" />;
}
