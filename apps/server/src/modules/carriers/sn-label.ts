import { PDFDocument, StandardFonts } from 'pdf-lib';

/** 100 × 150 mm in PDF points. */
const WIDTH = (100 / 25.4) * 72;
const HEIGHT = (150 / 25.4) * 72;

/**
 * A minimal serial-number label (`GET /v0/utils/labelSNBase64`, spec §7) until the documents module's
 * renderer with barcodes lands (issue 17 item 6): the serial in large type with, when it is a tracking
 * number Kontor bought, the carrier and order. Printable text only (WinAnsi); anything else becomes '?'.
 */
export async function renderSnLabel(sn: string, lines: string[] = []): Promise<Buffer> {
  const doc = await PDFDocument.create();
  const page = doc.addPage([WIDTH, HEIGHT]);
  const bold = await doc.embedFont(StandardFonts.HelveticaBold);
  const font = await doc.embedFont(StandardFonts.Helvetica);
  const safe = (s: string) => s.replace(/[^\x20-\x7e]/g, '?');
  const size = Math.max(10, Math.min(28, (WIDTH - 20) / (0.6 * Math.max(1, sn.length))));
  page.drawText('SN', { x: 14, y: HEIGHT - 30, size: 10, font });
  page.drawText(safe(sn), { x: 14, y: HEIGHT - 64, size, font: bold });
  lines.forEach((line, i) => page.drawText(safe(line).slice(0, 48), { x: 14, y: HEIGHT - 100 - i * 16, size: 11, font }));
  return Buffer.from(await doc.save());
}
