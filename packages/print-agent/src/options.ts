import { resolve } from 'node:path';

/** How the agent runs, from its environment (README "Print agent"). */
export interface AgentOptions {
  /** TCP port (PRINT_AGENT_PORT, default 9100, the PrintBridge port of facts §2.8; 0 picks a free one). */
  port: number;
  /** Address to listen on (PRINT_AGENT_HOST, default 127.0.0.1: only this PC's browser reaches it). */
  host: string;
  /** Write jobs into this folder instead of printing through CUPS (PRINT_AGENT_FOLDER). */
  folder?: string;
  /** Browser origins allowed to call the agent (PRINT_AGENT_ORIGINS, comma separated; `*` allows any). */
  origins: string[];
  /** Largest request body accepted, in bytes (PRINT_AGENT_MAX_MB, default 20). */
  maxBodyBytes: number;
  /** Environment of the `lp`/`lpstat` children (PATH decides which programs run). */
  childEnv: NodeJS.ProcessEnv;
}

/** The console's own addresses in a default installation (apps/server ALLOWED_ORIGINS). */
export const DEFAULT_ORIGINS = ['http://localhost:8080', 'http://127.0.0.1:8080', 'http://localhost:5173', 'http://localhost:9527'];

export class OptionsError extends Error {}

export function optionsFromEnv(env: NodeJS.ProcessEnv = process.env): AgentOptions {
  const port = env.PRINT_AGENT_PORT ? Number(env.PRINT_AGENT_PORT) : 9100;
  if (!Number.isInteger(port) || port < 0 || port > 65535) throw new OptionsError(`PRINT_AGENT_PORT must be a port number, not "${env.PRINT_AGENT_PORT}"`);
  const maxMb = env.PRINT_AGENT_MAX_MB ? Number(env.PRINT_AGENT_MAX_MB) : 20;
  if (!Number.isFinite(maxMb) || maxMb <= 0 || maxMb > 512)
    throw new OptionsError(`PRINT_AGENT_MAX_MB must be between 0 and 512, not "${env.PRINT_AGENT_MAX_MB}"`);
  const origins = (env.PRINT_AGENT_ORIGINS ?? '')
    .split(',')
    .map((o) => o.trim().replace(/\/+$/, ''))
    .filter(Boolean);
  return {
    port,
    host: env.PRINT_AGENT_HOST?.trim() || '127.0.0.1',
    folder: env.PRINT_AGENT_FOLDER?.trim() ? resolve(env.PRINT_AGENT_FOLDER.trim()) : undefined,
    origins: origins.length ? origins : DEFAULT_ORIGINS,
    maxBodyBytes: Math.round(maxMb * 1024 * 1024),
    childEnv: env,
  };
}
