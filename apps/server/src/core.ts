import type { Locale } from '@kontor/contracts';
import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import type { Config } from './config.js';
import type { Database } from './db/database.js';
import type { DB } from './db/types.js';
import type { Bus } from './lib/bus.js';
import type { SessionService } from './modules/auth/session.service.js';
import type { JobsService } from './modules/jobs/jobs.service.js';

/** Server-to-client events (spec §7 "Realtime"); implemented by realtime/realtime.ts. */
export interface RealtimePublisher {
  /** A text notification to every socket of a user (`msg`). */
  msgToUser(userId: number, text: string): Promise<void>;
  /** Any event to every socket of a user (job progress, rfid ...). */
  emitToUser(userId: number, event: string, payload: unknown): Promise<void>;
  /** A text to every socket of users holding one of `roles` (everyone when empty), in each socket's language. */
  msgToRoles(roles: string[], texts: Record<Locale, string>): Promise<void>;
  /** Disconnects the sockets of the given sessions (logout, revocation, expiry). */
  disconnectSessions(sessionIds: number[]): Promise<void>;
  /** Whether a print station socket of this station account is connected (on any process). */
  stationOnline(stationUserId: number): Promise<boolean>;
  /** An event to the sockets of a print station (`print` jobs of modules/printing). */
  emitToStation(stationUserId: number, event: string, payload: unknown): Promise<void>;
}

/** Outgoing mail: SMTP when configured, else the outbox table an administrator reads (never dropped). */
export interface Mailer {
  send(mail: { to: string; subject: string; body: string }): Promise<void>;
}

/** Everything modules share. Built once in buildApp; tests build it with their own database. */
export interface Core {
  config: Config;
  database: Database;
  db: Kysely<DB>;
  bus: Bus;
  sessions: SessionService;
  log: FastifyBaseLogger;
  realtime: RealtimePublisher;
  mailer: Mailer;
  /** The background job queue (set when the jobs module registers). */
  jobs?: JobsService;
  /** The server instance id (logs, job locks). */
  instanceId: string;
  version: { version: string; commit: string; webVersion: string };
}
