import { chmod, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import type { Server } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAgent, optionsFromEnv, parseLpstat } from '../src/agent.js';

const PDF = Buffer.from('%PDF-1.4\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n');
const ZPL = Buffer.from('^XA^FO50,50^FDHello^FS^XZ');
const CONSOLE = 'http://localhost:8080';

const dirs: string[] = [];
const servers: Server[] = [];

async function tempDir(): Promise<string> {
  const dir = await mkdtemp(join(tmpdir(), 'print-agent-'));
  dirs.push(dir);
  return dir;
}

async function start(env: NodeJS.ProcessEnv): Promise<string> {
  const server = createAgent(optionsFromEnv({ PRINT_AGENT_PORT: '0', ...env }));
  servers.push(server);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return `http://127.0.0.1:${(server.address() as { port: number }).port}`;
}

const post = (url: string, body: unknown, headers: Record<string, string> = {}) =>
  fetch(url, { method: 'POST', headers: { 'Content-Type': 'application/json', ...headers }, body: typeof body === 'string' ? body : JSON.stringify(body) });

afterAll(async () => {
  await Promise.all(servers.map((s) => new Promise((resolve) => s.close(resolve))));
  await Promise.all(dirs.map((d) => rm(d, { recursive: true, force: true })));
});

describe('print agent in folder mode', () => {
  let url: string;
  let folder: string;
  beforeAll(async () => {
    folder = join(await tempDir(), 'labels');
    url = await start({ PRINT_AGENT_FOLDER: folder });
  });

  it('says it is a running PrintBridge', async () => {
    const res = await fetch(url + '/');
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ status: 'running', service: 'PrintBridge' });
  });

  it('lists the folder as its one printer', async () => {
    expect(await (await fetch(url + '/printers')).json()).toEqual({ printers: ['labels'] });
  });

  it('prints a PDF into the folder under its id', async () => {
    const res = await post(url + '/', { printer: 'labels', data: PDF.toString('base64'), id: 'MO123-1.pdf' });
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ status: 'success', id: 'MO123-1.pdf' });
    expect(await readFile(join(folder, 'MO123-1.pdf'))).toEqual(PDF);
    expect((await readdir(folder)).filter((f) => f.endsWith('.part'))).toEqual([]);
  });

  it('writes ZPL as it came', async () => {
    const res = await post(url + '/', { printer: 'labels', data: ZPL.toString('base64'), id: 'sn.zpl' });
    expect(await res.json()).toEqual({ status: 'success', id: 'sn.zpl' });
    expect(await readFile(join(folder, 'sn.zpl'), 'utf8')).toBe(ZPL.toString());
  });

  it.each([
    ['a missing printer', { data: PDF.toString('base64'), id: 'a.pdf' }, /printer is missing/],
    ['data that is not base64', { printer: 'labels', data: 'not base64!!', id: 'a.pdf' }, /not base64/],
    ['a document that is not a PDF or ZPL', { printer: 'labels', data: Buffer.from('hello').toString('base64'), id: 'a.pdf' }, /not a PDF/],
    ['an unknown printer', { printer: 'Laser 9', data: PDF.toString('base64'), id: 'a.pdf' }, /unknown printer "Laser 9"/],
    ['an id with a path', { printer: 'labels', data: PDF.toString('base64'), id: '../../etc/passwd' }, /plain file name/],
    ['an id with a backslash', { printer: 'labels', data: PDF.toString('base64'), id: 'a\\b.pdf' }, /plain file name/],
    ['an array body', [1, 2], /JSON object/],
  ])('refuses %s with HTTP 400 and a JSON reason', async (_name, body, reason) => {
    const res = await post(url + '/', body);
    expect(res.status).toBe(400);
    const answer = (await res.json()) as { status: string; error: string };
    expect(answer.status).toBe('error');
    expect(answer.error).toMatch(reason);
  });

  it('refuses a body that is not JSON and one that is too large, and keeps running', async () => {
    const bad = await post(url + '/', '{"printer":');
    expect(bad.status).toBe(400);
    expect(((await bad.json()) as { error: string }).error).toMatch(/not JSON/);
    const small = await start({ PRINT_AGENT_FOLDER: folder, PRINT_AGENT_MAX_MB: '0.001' });
    const big = await post(small + '/', { printer: 'labels', data: Buffer.alloc(4096, 65).toString('base64'), id: 'big.pdf' });
    expect(big.status).toBe(400);
    expect(((await big.json()) as { error: string }).error).toMatch(/larger than/);
    expect((await fetch(url + '/')).status).toBe(200);
  });

  it('answers the CORS preflight of an allowed origin, with Private Network Access', async () => {
    const res = await fetch(url + '/', {
      method: 'OPTIONS',
      headers: {
        Origin: CONSOLE,
        'Access-Control-Request-Method': 'POST',
        'Access-Control-Request-Headers': 'content-type',
        'Access-Control-Request-Private-Network': 'true',
      },
    });
    expect(res.status).toBe(204);
    expect(res.headers.get('access-control-allow-origin')).toBe(CONSOLE);
    expect(res.headers.get('access-control-allow-methods')).toContain('POST');
    expect(res.headers.get('access-control-allow-headers')).toBe('content-type');
    expect(res.headers.get('access-control-allow-private-network')).toBe('true');
    const get = await fetch(url + '/printers', { headers: { Origin: CONSOLE } });
    expect(get.headers.get('access-control-allow-origin')).toBe(CONSOLE);
  });

  it('refuses pages of other origins, preflight or not', async () => {
    const pre = await fetch(url + '/', { method: 'OPTIONS', headers: { Origin: 'https://evil.example', 'Access-Control-Request-Method': 'POST' } });
    expect(pre.status).toBe(403);
    expect(pre.headers.get('access-control-allow-origin')).toBeNull();
    const res = await post(url + '/', { printer: 'labels', data: PDF.toString('base64'), id: 'evil.pdf' }, { Origin: 'https://evil.example' });
    expect(res.status).toBe(403);
    expect(await readdir(folder)).not.toContain('evil.pdf');
  });

  it('takes its allowed origins from PRINT_AGENT_ORIGINS', async () => {
    const other = await start({ PRINT_AGENT_FOLDER: folder, PRINT_AGENT_ORIGINS: 'https://kontor.example.com/, https://b.example' });
    const res = await fetch(other + '/', { headers: { Origin: 'https://kontor.example.com' } });
    expect(res.headers.get('access-control-allow-origin')).toBe('https://kontor.example.com');
    expect((await fetch(other + '/', { headers: { Origin: CONSOLE } })).status).toBe(403);
  });
});

describe('print agent through CUPS', () => {
  let url: string;
  let bin: string;
  beforeAll(async () => {
    bin = await tempDir();
    // Fake CUPS: lpstat lists two printers, lp records its argv (one per line) and what came on stdin.
    await writeFile(
      join(bin, 'lpstat'),
      `#!/bin/sh\nif [ "$1" = "-a" ]; then\n  echo "Zebra_GK420 accepting requests since Mon 01 Jan 2026"\n  echo "Laser_A4 accepting requests since Mon 01 Jan 2026"\nfi\n`,
    );
    await writeFile(
      join(bin, 'lp'),
      `#!/bin/sh\nfor a in "$@"; do echo "$a"; done > "${bin}/argv"\ncat > "${bin}/stdin"\necho "request id is Zebra-1 (1 file(s))"\n`,
    );
    await chmod(join(bin, 'lpstat'), 0o755);
    await chmod(join(bin, 'lp'), 0o755);
    url = await start({ PATH: `${bin}:${process.env.PATH}` });
  });

  it('lists the printers lpstat knows', async () => {
    expect(await (await fetch(url + '/printers')).json()).toEqual({ printers: ['Zebra_GK420', 'Laser_A4'] });
  });

  it('prints a PDF with lp -d <printer>, the document on stdin', async () => {
    const res = await post(url + '/', { printer: 'Laser_A4', data: PDF.toString('base64'), id: 'slip; rm -rf.pdf' });
    expect(res.status).toBe(400); // a name with a space or ; is no file name, whatever lp would make of it
    const ok = await post(url + '/', { printer: 'Laser_A4', data: PDF.toString('base64'), id: 'slip-7.pdf' });
    expect(await ok.json()).toEqual({ status: 'success', id: 'slip-7.pdf' });
    expect((await readFile(join(bin, 'argv'), 'utf8')).trim().split('\n')).toEqual(['-d', 'Laser_A4', '-t', 'slip-7.pdf']);
    expect(await readFile(join(bin, 'stdin'))).toEqual(PDF);
  });

  it('sends ZPL raw (lp -o raw)', async () => {
    const res = await post(url + '/', { printer: 'Zebra_GK420', data: ZPL.toString('base64'), id: 'label.zpl' });
    expect(res.status).toBe(200);
    expect((await readFile(join(bin, 'argv'), 'utf8')).trim().split('\n')).toEqual(['-d', 'Zebra_GK420', '-t', 'label.zpl', '-o', 'raw']);
    expect(await readFile(join(bin, 'stdin'), 'utf8')).toBe(ZPL.toString());
  });

  it('refuses a printer CUPS does not have', async () => {
    const res = await post(url + '/', { printer: 'Zebra_GK420 -o evil', data: PDF.toString('base64'), id: 'a.pdf' });
    expect(res.status).toBe(400);
  });

  it('answers 502 with lp’s reason when the printer fails', async () => {
    const failing = await tempDir();
    await writeFile(join(failing, 'lpstat'), `#!/bin/sh\necho "Zebra accepting requests since today"\n`);
    await writeFile(join(failing, 'lp'), `#!/bin/sh\ncat > /dev/null\necho "lp: The printer is jammed" >&2\nexit 1\n`);
    await chmod(join(failing, 'lpstat'), 0o755);
    await chmod(join(failing, 'lp'), 0o755);
    const agent = await start({ PATH: `${failing}:${process.env.PATH}` });
    const res = await post(agent + '/', { printer: 'Zebra', data: PDF.toString('base64'), id: 'a.pdf' });
    expect(res.status).toBe(502);
    expect(((await res.json()) as { error: string }).error).toMatch(/jammed/);
  });
});

describe('lpstat output', () => {
  it('reads printer names from -a and -p', () => {
    expect(parseLpstat('Zebra accepting requests since x\nHP not accepting requests\n', 'a')).toEqual(['Zebra']);
    expect(parseLpstat('printer Zebra is idle.  enabled since x\nprinter HP disabled since y -\n', 'p')).toEqual(['Zebra', 'HP']);
  });
});
