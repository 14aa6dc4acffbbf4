import { useState } from 'react';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { fetchFile, type FetchedFile } from '../../api/download.js';
import { ApiError } from '../../api/errors.js';
import { problemText, type LabelOf } from '../../api/field-errors.js';
import type { RequestOptions } from '../../api/request.js';

/** The `/pdfViewer` address showing a fetched document. */
export const viewerPath = (url: string, name: string) => `/pdfViewer?${new URLSearchParams({ url, name }).toString()}`;

/**
 * Generates a label PDF and opens it in `/pdfViewer`; a refusal's field errors come back keyed by the
 * form field they belong to (`group` maps a server path such as `values.3` to its form field).
 */
export function useLabelPdf(labelOf: LabelOf, group: (field: string) => string) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [busy, setBusy] = useState(false);
  const [errors, setErrors] = useState<Record<string, string>>({});

  /** `onFile` sees the fetched file before the viewer opens (a notice about it, say). */
  const generate = async (options: RequestOptions, fallbackName: string, onFile?: (file: FetchedFile) => void) => {
    setBusy(true);
    setErrors({});
    try {
      const file = await fetchFile({ ...options, quiet: true }, fallbackName);
      onFile?.(file);
      navigate(viewerPath(file.url, file.name));
    } catch (err) {
      if (!(err instanceof ApiError)) throw err;
      const found: Record<string, string> = {};
      for (const problem of err.problems) {
        const field = group(problem.field);
        found[field] = [found[field], problemText(t, problem, labelOf)].filter(Boolean).join(' ');
      }
      setErrors(Object.keys(found).length ? found : { _: err.message });
    } finally {
      setBusy(false);
    }
  };
  return { busy, errors, generate };
}

/** Form.Item props showing a field's server error. */
export const fieldStatus = (errors: Record<string, string>, field: string) => (errors[field] ? { validateStatus: 'error' as const, help: errors[field] } : {});

/**
 * Only documents of this application are shown: an object URL this page's origin made (the label
 * tools hand one over), or a server path under `/v0/`, fetched with the session's token. Anything else
 * (another site, `javascript:`) is refused rather than loaded into the frame.
 */
export function sourceOf(url: string | null, origin: string): 'blob' | 'server' | 'none' | 'refused' {
  if (!url) return 'none';
  if (url.startsWith(`blob:${origin}/`)) return 'blob';
  if (/^\/v0\/[^/]/.test(url) && !url.includes('//')) return 'server';
  return 'refused';
}
