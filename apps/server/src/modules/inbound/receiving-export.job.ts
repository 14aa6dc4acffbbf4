import { toLocale, type Locale } from '@kontor/contracts';
import { PassThrough } from 'node:stream';
import { registerJobHandler } from '../jobs/index.js';
import { parsePeriod, type Period } from './receiving-export.period.js';
import { countRows } from './receiving-export.repo.js';
import { TEXTS } from './receiving-export.texts.js';
import { writeReceivingExport, XLSX } from './receiving-export.xlsx.js';
import { TenantScope } from '../../db/tenant-scope.js';

export const RECEIVING_EXPORT_JOB = 'receiving.export';

export const fileName = (period: Period, locale: Locale) => `${TEXTS.file[locale]}_${period.from}_${period.to}.xlsx`;

/** The background variant: the same workbook with progress, stored as the job's result file. */
export function registerReceivingExportJob(): void {
  registerJobHandler(
    RECEIVING_EXPORT_JOB,
    async ({ db, payload, progress, signal }) => {
      const locale = toLocale(String(payload.locale ?? 'en'));
      const period = parsePeriod({ from: String(payload.from), to: String(payload.to) });
      const scope = TenantScope.restore((payload.merchantScope as number | null) ?? null);
      const total = await countRows(db, period, scope);
      await progress(0, total);
      const out = new PassThrough();
      const chunks: Buffer[] = [];
      out.on('data', (chunk: Buffer) => chunks.push(chunk));
      const finished = new Promise<void>((resolve, reject) => {
        out.on('end', resolve);
        out.on('error', reject);
      });
      const rows = await writeReceivingExport(db, out, { period, scope, locale, signal, onPage: (done) => progress(done, Math.max(total, done)) });
      await finished;
      return { result: { rows, from: period.from, to: period.to }, file: { name: fileName(period, locale), mime: XLSX, data: Buffer.concat(chunks) } };
    },
    { maxAttempts: 1 },
  );
}
