/** A print job as the agent checked it: the printer, a safe file name and the decoded bytes. */
export interface PrintJob {
  printer: string;
  id: string;
  bytes: Buffer;
  /** ZPL goes to the printer untouched (`lp -o raw`); PDF and PNG go through the CUPS filters. */
  format: 'pdf' | 'zpl' | 'png';
}

/** Bad input: answered as HTTP 400 with this text. */
export class BadRequest extends Error {}

const BASE64 = /^[A-Za-z0-9+/]+={0,2}$/;
/** A plain file name: no path separators, no leading dot, nothing a shell or CUPS title could trip on. */
const FILE_NAME = /^[A-Za-z0-9_][A-Za-z0-9._-]{0,127}$/;

function formatOf(bytes: Buffer): PrintJob['format'] | null {
  if (bytes.subarray(0, 5).toString('latin1') === '%PDF-') return 'pdf';
  if (bytes.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))) return 'png';
  // ZPL is text: a label starts with ^XA (after a byte-order mark or blank lines at most).
  const head = bytes
    .subarray(0, 64)
    .toString('utf8')
    .replace(/^\uFEFF/, '')
    .trimStart();
  if (head.toUpperCase().startsWith('^XA')) return 'zpl';
  return null;
}

/**
 * Checks a PrintBridge body (facts §2.8): `{printer, data: <base64 PDF>, id: "<name>.pdf"}`. Also takes
 * base64 ZPL (text starting ^XA) and PNG, and a `data:` URL prefix before the base64.
 */
export function parsePrintBody(body: unknown): PrintJob {
  if (!body || typeof body !== 'object' || Array.isArray(body)) throw new BadRequest('the body must be a JSON object {printer, data, id}');
  const { printer, data, id } = body as Record<string, unknown>;
  if (typeof printer !== 'string' || !printer.trim()) throw new BadRequest('printer is missing');
  // eslint-disable-next-line no-control-regex
  if (printer.length > 200 || /[\u0000-\u001f\u007f]/.test(printer)) throw new BadRequest('printer is not a printer name');
  if (typeof data !== 'string' || !data) throw new BadRequest('data is missing: send the document as base64');
  const clean = data.replace(/^data:[\w.+/-]+;base64,/, '').replace(/\s+/g, '');
  if (clean.length % 4 !== 0 || !BASE64.test(clean)) throw new BadRequest('data is not base64');
  const bytes = Buffer.from(clean, 'base64');
  const format = formatOf(bytes);
  if (!format) throw new BadRequest('data is not a PDF, PNG or ZPL document');
  const name = id === undefined || id === null || id === '' ? `job-${Date.now()}.${format}` : id;
  if (typeof name !== 'string' || !FILE_NAME.test(name) || name.includes('..'))
    throw new BadRequest('id must be a plain file name such as "label-1.pdf" (letters, digits, . _ -; no path)');
  return { printer: printer.trim(), id: name, bytes, format };
}
