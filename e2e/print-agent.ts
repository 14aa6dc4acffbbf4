import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect } from '@playwright/test';

/** The print agent in folder mode; its one printer is named after the folder, as the demo's thermal printer. */
export async function startPrintAgent(origin: string): Promise<{ agent: ChildProcess; url: string; folder: string }> {
  const folder = join(mkdtempSync(join(tmpdir(), 'kontor-e2e-agent-')), 'Zebra_GK420d');
  const port = 19_100 + Math.floor(Math.random() * 890);
  const agent = spawn(process.execPath, ['--import', 'tsx', 'packages/print-agent/src/main.ts'], {
    env: { ...process.env, PRINT_AGENT_PORT: String(port), PRINT_AGENT_FOLDER: folder, PRINT_AGENT_ORIGINS: origin },
    stdio: 'ignore',
  });
  const url = `http://127.0.0.1:${port}`;
  await expect(async () => expect((await fetch(url)).ok).toBe(true)).toPass({ timeout: 30_000 });
  return { agent, url, folder };
}

/** The files the agent printed into its folder (none before the first print). */
export function printedFiles(folder: string): string[] {
  try {
    return readdirSync(folder).filter((f) => !f.startsWith('.'));
  } catch {
    return [];
  }
}
