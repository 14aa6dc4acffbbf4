import { Spin } from 'antd';
import { useEffect, useState } from 'react';
import { useLocation } from 'react-router';
import { api } from '../../api/request.js';
import { PdfView } from './PdfViewerPage.js';
import { parseReckonData } from './reckon-data.js';

/**
 * `/printItemlist/{reckonData}` (spec §2 hidden route, issue 17 item 6): the picklist's print view. The
 * JSON parameter names the picklist (reckon-data.ts); the page shows its A4 PDF (the same document as
 * the picklists screen) with download and print. A picklist number is looked up through the original
 * call `GET /v0/p11y/pick/any`; what the user may not see is refused by the server.
 */
export default function PrintItemlistPage() {
  const { pathname } = useLocation();
  const ref = parseReckonData(pathname.replace(/^\/printItemlist\/?/, ''));
  const [found, setFound] = useState<{ unid: string; id: number | null } | null>(null);
  const unid = ref && 'unid' in ref ? ref.unid : null;

  useEffect(() => {
    if (!unid) return;
    let cancelled = false;
    api('GET /v0/p11y/pick/any', { params: { q: unid } }).then(
      (picklist) => !cancelled && setFound({ unid, id: picklist.id }),
      () => !cancelled && setFound({ unid, id: null }),
    );
    return () => {
      cancelled = true;
    };
  }, [unid]);

  if (ref && 'id' in ref) return <PdfView url={`/v0/picking/picklists/${ref.id}/pdf`} name={`picklist-${ref.id}.pdf`} />;
  // A picklist number is looked up first; until its answer the page waits.
  if (unid && found?.unid !== unid) return <Spin data-testid="print-itemlist-loading" />;
  const id = found?.id ?? null;
  return <PdfView url={id === null ? null : `/v0/picking/picklists/${id}/pdf`} name={`${unid ?? 'picklist'}.pdf`} />;
}
