/**
 * The print agent on this PC, called from the browser (PrintBridge, facts §2.8; packages/print-agent):
 * `GET /` says it runs, `GET /printers` lists printers, `POST /` prints a base64 document.
 */
const AGENT_KEY = 'kontor.printAgentUrl';
const TIMEOUT_MS = 15_000;

export type AgentStatus = 'checking' | 'running' | 'offline';

export const storedAgentUrl = (): string | null => localStorage.getItem(AGENT_KEY);
export function storeAgentUrl(url: string): void {
  if (url) localStorage.setItem(AGENT_KEY, url);
  else localStorage.removeItem(AGENT_KEY);
}

const base = (agentUrl: string) => agentUrl.replace(/\/+$/, '');

async function agentJson<T>(url: string, init?: RequestInit): Promise<{ status: number; body: T }> {
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), TIMEOUT_MS);
  try {
    const res = await fetch(url, { ...init, signal: controller.signal });
    return { status: res.status, body: (await res.json()) as T };
  } finally {
    clearTimeout(timer);
  }
}

/** The agent's printers, or null when no PrintBridge answers at the address. */
export async function agentPrinters(agentUrl: string): Promise<string[] | null> {
  try {
    const hello = await agentJson<{ status?: string; service?: string }>(base(agentUrl) + '/');
    if (hello.body.status !== 'running') return null;
    const list = await agentJson<{ printers?: unknown }>(base(agentUrl) + '/printers');
    return Array.isArray(list.body.printers) ? list.body.printers.map(String) : [];
  } catch {
    return null;
  }
}

/** Prints on the agent; rejects with the agent's reason. */
export async function agentPrint(agentUrl: string, printer: string, data: string, id: string): Promise<void> {
  let answer: { status: number; body: { status?: string; error?: string } };
  try {
    answer = await agentJson(base(agentUrl) + '/', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ printer, data, id }),
    });
  } catch (err) {
    throw new Error(`${base(agentUrl)}: ${err instanceof Error ? err.message : String(err)}`);
  }
  if (answer.body.status !== 'success') throw new Error(answer.body.error || `HTTP ${answer.status}`);
}

/** Base64 of bytes, in slices (String.fromCharCode takes a bounded number of arguments). */
export function toBase64(bytes: Uint8Array): string {
  let text = '';
  for (let i = 0; i < bytes.length; i += 0x8000) text += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  return btoa(text);
}

/** The file extension of a base64 document: ZPL labels and PNG images keep theirs, the rest is a PDF. */
export function extensionOf(base64: string): 'pdf' | 'zpl' | 'png' {
  const head = atob(base64.slice(0, 24));
  if (head.startsWith('\x89PNG')) return 'png';
  if (head.trimStart().toUpperCase().startsWith('^XA')) return 'zpl';
  return 'pdf';
}

/** A file name the agent accepts (letters, digits, . _ -). */
export const jobFileName = (stem: string, extension: string) =>
  `${
    stem
      .replace(/[^A-Za-z0-9._-]+/g, '_')
      .replace(/^[._-]+/, '')
      .slice(0, 100) || 'job'
  }.${extension}`;
