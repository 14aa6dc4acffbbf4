import { toLocale } from '@kontor/contracts';
import { Button, Result, Spin } from 'antd';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { download } from '../../api/download.js';
import { MaskList } from '../../masks/MaskList.js';
import { useMask } from '../../masks/useMask.js';
import { parseFilter, spreadsheetToListParams } from './spreadsheet-params.js';
import { SpreadsheetLabels } from './SpreadsheetLabels.js';

/**
 * `/spreadsheet` (spec §2 "Spreadsheet / label viewer"): a mask chosen by query parameters shown as a
 * dense read-only grid (list), or its file fetched (download). Label kinds go to the print views.
 */
export default function SpreadsheetPage() {
  const { t, i18n } = useTranslation();
  const [params, setParams] = useSearchParams();
  const name = params.get('mask') ?? '';
  const state = useMask(name);
  const mask = state.status === 'ready' ? state.mask : null;

  // The viewer's own parameters become the list's state once, so paging and sorting work as anywhere.
  useEffect(() => {
    // Label kinds read their parameters themselves (SpreadsheetLabels); lists take them as list state.
    if (!mask || mask.kind !== 'list') return;
    const translated = spreadsheetToListParams(params, mask.pk);
    if (translated) setParams(translated, { replace: true });
  }, [mask, params, setParams]);

  const fetchFile = () => {
    if (!mask?.download) return;
    const method = mask.download.method;
    const filter = parseFilter(params.get('filter'));
    void download({ url: mask.download.api, method, ...(method === 'GET' ? { params: filter } : { data: filter }) }, mask.download.fileName ?? name).catch(
      () => undefined,
    );
  };

  if (!name) return <Result status="404" title={t('mask.notFound')} data-testid="mask-missing" />;
  if (state.status === 'loading') return <Spin style={{ display: 'block', margin: '48px auto' }} />;
  if (state.status === 'denied') return <Result status="403" title="401" subTitle={t('error.NoPermission')} data-testid="mask-denied" />;
  if (!mask) return <Result status="404" title={t('mask.notFound')} data-testid="mask-missing" />;
  if (mask.kind === 'download')
    return (
      <Result
        status="info"
        title={mask.title[toLocale(i18n.language)]}
        extra={
          <Button type="primary" onClick={fetchFile} data-testid="spreadsheet-download">
            {t('jobs.download')}
          </Button>
        }
      />
    );
  if (mask.kind === 'label' || mask.kind === 'labelMultiple') return <SpreadsheetLabels mask={mask} params={params} />;
  if (mask.kind !== 'list') return <Result status="info" title={t('mask.notFound')} data-testid="spreadsheet-other" />;
  const fields = params
    .get('fields')
    ?.split(',')
    .map((f) => f.trim())
    .filter(Boolean);
  return <MaskList mask={mask} fields={fields} grid keep={['mask', 'fields', 'type']} />;
}
