import { ArrowLeftOutlined, DownloadOutlined, PrinterOutlined } from '@ant-design/icons';
import { Alert, Button, Card, Space, Spin, Typography } from 'antd';
import { useEffect, useRef, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { fetchFile } from '../../api/download.js';
import { sourceOf } from './label-pdf.js';

type Shown = { state: 'loading' } | { state: 'ready'; url: string; name: string } | { state: 'missing' | 'gone' | 'refused' };

/**
 * `/pdfViewer` (spec §2 hidden route, issue 17 item 6): shows the PDF named by `?url=` (and `?name=`)
 * in a frame, with download and print.
 */
export default function PdfViewerPage() {
  const [params] = useSearchParams();
  return <PdfView url={params.get('url')} name={params.get('name') || 'document.pdf'} />;
}

/** What the box and pallet print views pass on to the server (spec §2 `/labelBox`, `/labelPLT`). */
const UNIT_LABEL_PARAMS = ['ref', 'count', 'merchantId', 'weightKg', 'content', 'shipTo'];

/**
 * `/labelBox` and `/labelPLT`: the box or pallet labels of `?ref=…&count=…` (new SSCCs each time the
 * page is opened), shown in the PDF view for printing.
 */
export function UnitLabelsPage({ kind }: { kind: 'box' | 'pallet' }) {
  const [params] = useSearchParams();
  const query = new URLSearchParams();
  for (const key of UNIT_LABEL_PARAMS) {
    const value = params.get(key);
    if (value) query.set(key, value);
  }
  return <PdfView url={`/v0/labels/${kind}?${query.toString()}`} name={`${kind}-labels.pdf`} />;
}

export function PdfView({ url, name }: { url: string | null; name: string }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const frame = useRef<HTMLIFrameElement>(null);
  const source = sourceOf(url, window.location.origin);
  // The outcome of loading `key` (the url asked for); a different url shows "loading" until its own.
  const [loaded, setLoaded] = useState<{ key: string; shown: Shown } | null>(null);

  useEffect(() => {
    if (source !== 'blob' && source !== 'server') return;
    const key = url!;
    let cancelled = false;
    let made: string | null = null;
    const done = (shown: Shown) => !cancelled && setLoaded({ key, shown });
    if (source === 'blob') {
      // An object URL lives as long as the page that made it: after a reload it is gone.
      fetch(key).then(
        () => done({ state: 'ready', url: key, name }),
        () => done({ state: 'gone' }),
      );
    } else {
      fetchFile({ url: key }, name).then(
        (file) => {
          made = file.url;
          done({ state: 'ready', url: file.url, name: file.name });
        },
        // The server refused it (its coded error is shown as a notice): nothing to show, not "gone",
        // which is for an object URL lost with its page (a wrong picklist number in /printItemlist/…).
        () => done({ state: 'missing' }),
      );
    }
    return () => {
      cancelled = true;
      if (made) URL.revokeObjectURL(made);
    };
  }, [url, name, source]);

  const shown: Shown =
    source === 'none' ? { state: 'missing' } : source === 'refused' ? { state: 'refused' } : loaded?.key === url ? loaded.shown : { state: 'loading' };
  const print = () => frame.current?.contentWindow?.print();

  return (
    <div data-testid="pdf-viewer" style={{ display: 'flex', flexDirection: 'column', gap: 12, height: 'calc(100vh - 140px)', minHeight: 400 }}>
      <Card size="small">
        <Space wrap style={{ width: '100%', justifyContent: 'space-between' }}>
          <Space>
            <Button icon={<ArrowLeftOutlined />} onClick={() => navigate(-1)} data-testid="pdf-back">
              {t('pdfViewer.back')}
            </Button>
            <Typography.Text strong data-testid="pdf-name">
              {shown.state === 'ready' ? shown.name : t('pdfViewer.title')}
            </Typography.Text>
          </Space>
          <Space>
            <Button
              icon={<DownloadOutlined />}
              disabled={shown.state !== 'ready'}
              href={shown.state === 'ready' ? shown.url : undefined}
              download={shown.state === 'ready' ? shown.name : undefined}
              data-testid="pdf-download"
            >
              {t('pdfViewer.download')}
            </Button>
            <Button type="primary" icon={<PrinterOutlined />} disabled={shown.state !== 'ready'} onClick={print} data-testid="pdf-print">
              {t('pdfViewer.print')}
            </Button>
          </Space>
        </Space>
      </Card>
      {shown.state === 'loading' && <Spin tip={t('pdfViewer.loading')} />}
      {(shown.state === 'missing' || shown.state === 'gone' || shown.state === 'refused') && (
        <Alert type={shown.state === 'refused' ? 'error' : 'info'} showIcon message={t(`pdfViewer.${shown.state}`)} data-testid="pdf-problem" />
      )}
      {shown.state === 'ready' && (
        <iframe
          ref={frame}
          src={shown.url}
          title={shown.name}
          data-testid="pdf-frame"
          style={{ flex: 1, width: '100%', border: '1px solid #d9d9d9', borderRadius: 6, background: '#fff' }}
        />
      )}
    </div>
  );
}
