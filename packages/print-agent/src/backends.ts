import { execFile, spawn } from 'node:child_process';
import { mkdir, rename, writeFile } from 'node:fs/promises';
import { basename, join } from 'node:path';
import type { PrintJob } from './document.js';

/** Where jobs go: CUPS on the packing PC, or a folder (tests, demos, a PC without printers). */
export interface PrintBackend {
  /** The printers jobs may name. */
  printers(): Promise<string[]>;
  print(job: PrintJob): Promise<void>;
}

/** The printer fails or CUPS is not there: answered as HTTP 502 with this text. */
export class PrinterError extends Error {}

/** Writes each job as `<folder>/<id>`; its one virtual printer is named after the folder. */
export class FolderBackend implements PrintBackend {
  constructor(private readonly folder: string) {}

  get printerName(): string {
    return basename(this.folder) || 'folder';
  }

  async printers(): Promise<string[]> {
    return [this.printerName];
  }

  async print(job: PrintJob): Promise<void> {
    await mkdir(this.folder, { recursive: true });
    // Written beside, then renamed: whoever watches the folder never sees half a file.
    const part = join(this.folder, `.${job.id}.part`);
    await writeFile(part, job.bytes);
    await rename(part, join(this.folder, job.id));
  }
}

const TIMEOUT_MS = 30_000;

function run(file: string, args: string[], env: NodeJS.ProcessEnv): Promise<string> {
  return new Promise((resolve, reject) => {
    execFile(file, args, { env, timeout: TIMEOUT_MS, maxBuffer: 1024 * 1024 }, (err, stdout, stderr) => {
      if (err) reject(new PrinterError(`${file} failed: ${(stderr || err.message).trim().slice(0, 300)}`));
      else resolve(stdout);
    });
  });
}

/** `lpstat -a`: "<name> accepting requests since …"; `lpstat -p`: "printer <name> is idle. …". */
export function parseLpstat(output: string, format: 'a' | 'p'): string[] {
  const names = output.split('\n').flatMap((line) => {
    const words = line.trim().split(/\s+/);
    if (format === 'a') return words[0] && words[1] === 'accepting' ? [words[0]] : [];
    return words[0] === 'printer' && words[1] ? [words[1]] : [];
  });
  return [...new Set(names)];
}

/** Prints through CUPS: `lp -d <printer>` with the document on stdin, never through a shell. */
export class CupsBackend implements PrintBackend {
  constructor(private readonly env: NodeJS.ProcessEnv) {}

  async printers(): Promise<string[]> {
    try {
      const accepting = parseLpstat(await run('lpstat', ['-a'], this.env), 'a');
      if (accepting.length) return accepting;
    } catch {
      // No accepting printer is an error for some CUPS versions: the list of all printers follows.
    }
    return parseLpstat(await run('lpstat', ['-p'], this.env), 'p');
  }

  print(job: PrintJob): Promise<void> {
    const args = ['-d', job.printer, '-t', job.id, ...(job.format === 'zpl' ? ['-o', 'raw'] : [])];
    return new Promise((resolve, reject) => {
      const child = spawn('lp', args, { env: this.env, stdio: ['pipe', 'ignore', 'pipe'], timeout: TIMEOUT_MS });
      let stderr = '';
      child.stderr.setEncoding('utf8').on('data', (chunk: string) => (stderr = (stderr + chunk).slice(-300)));
      child.on('error', (err) => reject(new PrinterError(`lp failed: ${err.message}`)));
      child.on('close', (code) => (code === 0 ? resolve() : reject(new PrinterError(`lp failed (exit ${code}): ${stderr.trim()}`))));
      // A printer that closes stdin early is reported by the exit code above, not as a crash.
      child.stdin.on('error', () => undefined);
      child.stdin.end(job.bytes);
    });
  }
}
