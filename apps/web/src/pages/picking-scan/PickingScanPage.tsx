import { PICKLIST } from '@kontor/contracts/status/picklist';
import { Button, Card, Empty, Progress, Space, Table, Tag, Typography } from 'antd';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../api/errors.js';
import { openWindow } from '../../api/download.js';
import { newKey } from '../../api/idempotency-key.js';
import { sendPrint } from '../../api/print.js';
import { DocNo } from '../../components/DocNo.js';
import { StateTag } from '../../components/StateTag.js';
import { FeedbackBanner } from '../../components/scan/FeedbackBanner.js';
import { ScanInput } from '../../components/scan/ScanInput.js';
import { useFeedback } from '../../components/scan/use-feedback.js';
import { pickingScanApi, type MaterialOption, type P11yPicklist } from './picking-scan-api.js';
import { infoRows, openRow, printBatchesOf, printRows, progressAfter, refusalOf, unprintedOrders, type InfoRow, type PrintRow } from './pick-scan-state.js';
import { QuantityDialog } from './QuantityDialog.js';
import '../../components/scan/scan-station.css';
import './picking-scan.css';

/** The packing materials chosen last, remembered on this device (facts §3.6 step 3). */
const MATERIALS_KEY = 'kontor.pickingScan.materials';
const rememberedMaterials = (): number[] => {
  try {
    const stored = JSON.parse(localStorage.getItem(MATERIALS_KEY) ?? '[]') as unknown;
    return Array.isArray(stored) ? stored.filter((v): v is number => typeof v === 'number') : [];
  } catch {
    return [];
  }
};

/**
 * `/wEP/pickingScan` (issue 18 item 3; facts §3.6 Pick Scan Batch; docs/picking.md "Picking scan"): a
 * single-item picklist (type 100) is scanned, then its items. Each item opens the quantity dialog; the
 * slice's labels are requested through the carrier gate (which packs the orders: stock, materials,
 * pack log), only then is the progress saved by the PUT, then the PDF goes to the print station (or
 * is offered to open). One slice at a time; "Unprinted Orders" and the print history with reprint below.
 */
export default function PickingScanPage() {
  const { t } = useTranslation();
  const [picklist, setPicklist] = useState<P11yPicklist | null>(null);
  const [materials, setMaterials] = useState<MaterialOption[]>([]);
  const [chosen, setChosen] = useState<number[]>(rememberedMaterials);
  const [dialog, setDialog] = useState<InfoRow | null>(null);
  const [busy, setBusy] = useState(false);
  const [feedback, show] = useFeedback();
  const online = useRef<Promise<boolean> | null>(null);

  useEffect(() => {
    void pickingScanApi.materials().then(setMaterials);
  }, []);
  useEffect(() => localStorage.setItem(MATERIALS_KEY, JSON.stringify(chosen)), [chosen]);

  const failed = (err: unknown) => show({ tone: 'error', text: err instanceof Error ? err.message : String(err) });

  /** Reads the picklist (the base of the next PUT) and says why the station refuses it, if it does. */
  const load = async (id: number, announce: boolean) => {
    const p = await pickingScanApi.read(id);
    const refusal = refusalOf(p);
    if (refusal) {
      setPicklist(refusal === 'finished' ? p : null);
      show({ tone: refusal === 'finished' ? 'success' : 'error', text: t(`pickingScan.${refusal}`) });
      return null;
    }
    setPicklist(p);
    if (announce) show({ tone: 'info', text: t('pickingScan.loaded', { unid: p.unid }) });
    return p;
  };

  const scanPicklist = async (code: string) => {
    try {
      const found = await pickingScanApi.find(code);
      if (found.type !== 100) return show({ tone: 'error', text: t('pickingScan.typeMismatch') });
      await load(found.id, true);
    } catch (err) {
      if (err instanceof ApiError && err.code === 'NotFound') return show({ tone: 'error', text: t('pickingScan.notFound', { code }) });
      failed(err);
    }
  };

  const scanItem = async (p: P11yPicklist, code: string) => {
    const item = await pickingScanApi.item(code);
    if (!item.unid) return show({ tone: 'error', text: t('pickingScan.itemNotFound') });
    const row = openRow(infoRows(p), item.unid);
    if (!row) return show({ tone: 'error', text: t('pickingScan.countAgain') });
    show(null);
    setDialog(row);
  };

  const onScan = (raw: string) => {
    const code = raw.trim();
    if (busy) return show({ tone: 'warning', text: t('pickingScan.busy') });
    const run = async () => {
      setBusy(true);
      try {
        if (!picklist || refusalOf(picklist) || /^PL\d+$/i.test(code)) await scanPicklist(code);
        else await scanItem(picklist, code);
      } catch (err) {
        failed(err);
      } finally {
        setBusy(false);
      }
    };
    void run();
  };

  /** The PDF to the user's print station, or offered to open when none is online. */
  const printPdf = async (url: string, title: string, sent: string, ready: string) => {
    online.current ??= pickingScanApi.station();
    if (await online.current) {
      try {
        await sendPrint({ kind: 'label', url, title });
        return show({ tone: 'success', text: sent });
      } catch {
        online.current = null; // the station went away: offer the PDF instead
      }
    }
    show({
      tone: 'success',
      text: ready,
      action: {
        label: t('pickingScan.openLabel'),
        run: () => void openWindow(`/pdfViewer?url=${encodeURIComponent(url)}&name=${encodeURIComponent(`${title}.pdf`)}`),
        testId: 'picking-scan-open-label',
      },
    });
  };

  /** One slice: labels first (the server packs the orders), then the progress, then the print. */
  const take = async (row: InfoRow, qty: number, materialIds: number[]) => {
    if (!picklist) return;
    setDialog(null);
    setChosen(materialIds);
    setBusy(true);
    try {
      const rows: PrintRow[] = printRows(picklist, row, qty, materialIds);
      let url: string;
      try {
        url = await pickingScanApi.labels(rows, newKey());
      } catch (err) {
        // Another station printed this slice after this one read the picklist: read it again.
        if (err instanceof ApiError && err.code === 'LabelsTaken') {
          await load(picklist.id, false);
          return show({ tone: 'warning', text: t('pickingScan.overPick') });
        }
        throw err;
      }
      if (url.includes('files=[]')) return show({ tone: 'error', text: t('pickingScan.noLabels') });
      try {
        await pickingScanApi.save(progressAfter(picklist, row, qty, rows, new Date()), newKey());
      } catch (err) {
        if (err instanceof ApiError && err.code === 'OverPick') {
          await load(picklist.id, false);
          return show({ tone: 'warning', text: t('pickingScan.overPick') });
        }
        throw err;
      }
      const next = await load(picklist.id, false);
      const done = next ? '' : ` ${t('pickingScan.finished')}`;
      const title = `${picklist.unid}-${row.sku}`;
      await printPdf(url, title, t('pickingScan.printed', { qty, sku: row.sku }) + done, t('pickingScan.labelReady', { qty, sku: row.sku }) + done);
    } catch (err) {
      failed(err);
    } finally {
      setBusy(false);
    }
  };

  const reprint = async (rows: PrintRow[], name: string) => {
    setBusy(true);
    try {
      const url = await pickingScanApi.reprint(rows);
      if (url.includes('files=[]')) return show({ tone: 'error', text: t('pickingScan.noLabels') });
      await printPdf(url, picklist?.unid ?? 'labels', t('pickingScan.reprinted', { name }), name);
    } catch (err) {
      failed(err);
    } finally {
      setBusy(false);
    }
  };

  const rows = picklist ? infoRows(picklist) : [];
  const batches = picklist ? printBatchesOf(picklist) : [];
  const unprinted = picklist ? unprintedOrders(picklist) : [];

  return (
    <div className="rcv-log picking-scan" data-testid="picking-scan">
      <Card size="small" className="rcv-card">
        <Typography.Title level={4}>{t('pickingScan.title')}</Typography.Title>
        <Typography.Paragraph type="secondary">{t('pickingScan.hint')}</Typography.Paragraph>
        <ScanInput
          placeholder={picklist && !refusalOf(picklist) ? t('pickingScan.scanItem') : t('pickingScan.scanPicklist')}
          onScan={onScan}
          paused={dialog !== null}
          disabled={busy}
          testId="picking-scan-input"
        />
        <FeedbackBanner feedback={feedback} testId="picking-scan-feedback" />
      </Card>
      {picklist && (
        <Card
          size="small"
          className="rcv-card"
          data-testid="picking-scan-picklist"
          title={
            <Space wrap>
              <DocNo>{picklist.unid}</DocNo>
              <StateTag machine={PICKLIST} code={picklist.status} />
              {picklist.priority >= 3 && <Tag color="red">{t('pickingScan.urgent')}</Tag>}
              <Typography.Text type="secondary">
                {picklist.carrier} · {t('pickingScan.packages', { count: picklist.shipQty })}
              </Typography.Text>
            </Space>
          }
          extra={
            <Button size="small" onClick={() => setPicklist(null)} data-testid="picking-scan-change">
              {t('pickingScan.change')}
            </Button>
          }
        >
          <div className="picking-scan-progress">
            <Typography.Text>{t('pickingScan.picked')}</Typography.Text>
            <Progress
              percent={picklist.itemQty ? Math.round((picklist.itemQtyPicked / picklist.itemQty) * 100) : 0}
              format={() => `${picklist.itemQtyPicked} / ${picklist.itemQty}`}
              data-testid="picking-scan-picked"
            />
          </div>
          <Table
            size="small"
            rowKey={(r) => `${r.sku}|${r.itemBatch}|${r.inventoryName}`}
            pagination={false}
            dataSource={rows}
            scroll={{ x: 'max-content' }}
            data-testid="picking-scan-lines"
            columns={[
              {
                key: 'location',
                dataIndex: 'inventoryName',
                title: t('pickingScan.location'),
                render: (v: string) => <Typography.Text strong>{v}</Typography.Text>,
              },
              { key: 'sku', dataIndex: 'sku', title: t('pickingScan.sku') },
              { key: 'batch', dataIndex: 'itemBatch', title: t('pickingScan.batch') },
              { key: 'printed', title: t('pickingScan.printedQty'), render: (_: unknown, r: InfoRow) => `${r.qtyPrinted} / ${r.qty}` },
            ]}
          />
        </Card>
      )}
      {picklist && (
        <div className="picking-scan-lists">
          <Card size="small" className="rcv-card" title={`${t('pickingScan.unprinted')} (${unprinted.length})`}>
            {unprinted.length === 0 ? (
              <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('pickingScan.noneUnprinted')} />
            ) : (
              <ul className="picking-scan-list" data-testid="picking-scan-unprinted">
                {unprinted.map((o) => (
                  <li key={o.ID}>
                    <DocNo>{o.UNID}</DocNo>
                    <Typography.Text type="secondary">{o.items.map((i) => `${i.sku} × ${i.qty}`).join(', ')}</Typography.Text>
                  </li>
                ))}
              </ul>
            )}
          </Card>
          <Card size="small" className="rcv-card" title={t('pickingScan.history')}>
            {batches.length === 0 ? (
              <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('pickingScan.noHistory')} />
            ) : (
              <ul className="picking-scan-list" data-testid="picking-scan-history">
                {[...batches].reverse().map((b) => (
                  <li key={`${b.time}|${b.name}`}>
                    <Typography.Text>{b.name}</Typography.Text>
                    <Typography.Text type="secondary">{b.time}</Typography.Text>
                    <Button size="small" disabled={busy} onClick={() => void reprint(b.data, b.name)}>
                      {t('pickingScan.reprint')}
                    </Button>
                  </li>
                ))}
              </ul>
            )}
          </Card>
        </div>
      )}
      {dialog && (
        <QuantityDialog
          row={dialog}
          materials={materials}
          chosen={chosen}
          onCancel={() => setDialog(null)}
          onConfirm={(row, qty, ids) => void take(row, qty, ids)}
        />
      )}
    </div>
  );
}
