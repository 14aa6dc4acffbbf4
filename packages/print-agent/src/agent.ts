import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { CupsBackend, FolderBackend, PrinterError, type PrintBackend } from './backends.js';
import { BadRequest, parsePrintBody } from './document.js';
import type { AgentOptions } from './options.js';

export { optionsFromEnv, OptionsError, DEFAULT_ORIGINS, type AgentOptions } from './options.js';
export { parsePrintBody, BadRequest, type PrintJob } from './document.js';
export { CupsBackend, FolderBackend, parseLpstat, type PrintBackend } from './backends.js';

export type AgentLog = (line: string) => void;

class TooLarge extends Error {}

function send(res: ServerResponse, status: number, body: unknown): void {
  const text = JSON.stringify(body);
  res.writeHead(status, { 'Content-Type': 'application/json; charset=utf-8', 'Content-Length': Buffer.byteLength(text) });
  res.end(text);
}

function readBody(req: IncomingMessage, limit: number): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const declared = Number(req.headers['content-length'] ?? 0);
    if (declared > limit) return reject(new TooLarge());
    const chunks: Buffer[] = [];
    let size = 0;
    req.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size > limit) {
        req.removeAllListeners('data');
        req.resume();
        reject(new TooLarge());
      } else chunks.push(chunk);
    });
    req.on('end', () => resolve(Buffer.concat(chunks)));
    req.on('error', reject);
  });
}

/**
 * CORS for the console in the browser: only the allowed origins get the headers, and a preflight also
 * gets Chrome's Private Network Access answer (a public page calling localhost asks for it).
 * Returns false when the request comes from a page of an origin that is not allowed.
 */
function corsAllowed(req: IncomingMessage, res: ServerResponse, origins: string[]): boolean {
  const origin = req.headers.origin;
  if (!origin) return true; // not a browser page: curl, the PDA, a script on the PC
  if (!origins.includes('*') && !origins.includes(origin)) return false;
  res.setHeader('Access-Control-Allow-Origin', origin);
  res.setHeader('Vary', 'Origin');
  return true;
}

function preflight(req: IncomingMessage, res: ServerResponse): void {
  res.setHeader('Access-Control-Allow-Methods', 'GET, POST, OPTIONS');
  const asked = req.headers['access-control-request-headers'];
  res.setHeader('Access-Control-Allow-Headers', typeof asked === 'string' && /^[\w\s,-]*$/.test(asked) ? asked : 'Content-Type');
  res.setHeader('Access-Control-Allow-Private-Network', 'true');
  res.setHeader('Access-Control-Max-Age', '600');
  res.writeHead(204);
  res.end();
}

/** The PrintBridge contract (facts §2.8) over a backend: GET /, GET /printers, POST /. */
export function createAgent(options: AgentOptions, log: AgentLog = () => undefined, backend?: PrintBackend): Server {
  const printer: PrintBackend = backend ?? (options.folder ? new FolderBackend(options.folder) : new CupsBackend(options.childEnv));

  async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const path = (req.url ?? '/').split('?')[0];
    if (!corsAllowed(req, res, options.origins)) return send(res, 403, { status: 'error', error: 'origin not allowed: add it to PRINT_AGENT_ORIGINS' });
    if (req.method === 'OPTIONS') return preflight(req, res);
    if (path === '/' && (req.method === 'GET' || req.method === 'HEAD')) return send(res, 200, { status: 'running', service: 'PrintBridge' });
    if (path === '/printers' && req.method === 'GET') return send(res, 200, { printers: await printer.printers() });
    if (path === '/' && req.method === 'POST') return print(req, res);
    if (path === '/' || path === '/printers') return send(res, 405, { status: 'error', error: `${req.method} is not allowed here` });
    return send(res, 404, { status: 'error', error: 'not found' });
  }

  async function print(req: IncomingMessage, res: ServerResponse): Promise<void> {
    let body: unknown;
    try {
      body = JSON.parse((await readBody(req, options.maxBodyBytes)).toString('utf8'));
    } catch (err) {
      if (err instanceof TooLarge) {
        res.setHeader('Connection', 'close');
        return send(res, 400, { status: 'error', error: `the body is larger than ${options.maxBodyBytes} bytes (PRINT_AGENT_MAX_MB)` });
      }
      throw new BadRequest('the body is not JSON');
    }
    const job = parsePrintBody(body);
    const known = await printer.printers();
    if (!known.includes(job.printer)) throw new BadRequest(`unknown printer "${job.printer}"; this agent has: ${known.join(', ') || 'none'}`);
    await printer.print(job);
    log(`printed ${job.id} (${job.format}, ${job.bytes.length} bytes) on ${job.printer}`);
    send(res, 200, { status: 'success', id: job.id });
  }

  return createServer((req, res) => {
    handle(req, res).catch((err: unknown) => {
      if (res.headersSent) return res.destroy();
      if (err instanceof BadRequest) return send(res, 400, { status: 'error', error: err.message });
      if (err instanceof PrinterError) {
        log(err.message);
        return send(res, 502, { status: 'error', error: err.message });
      }
      log(`unexpected error: ${err instanceof Error ? err.stack : String(err)}`);
      send(res, 500, { status: 'error', error: 'internal error' });
    });
  });
}
