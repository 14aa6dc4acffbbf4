import { EventEmitter } from 'node:events';

/**
 * Cross-process notifications between server instances (session revocations, cache drops).
 * In one process it is an EventEmitter; with REDIS_URL it is Redis pub/sub (see redis-bus.ts), so
 * every instance hears every message, its own included.
 */
export interface Bus {
  publish(channel: string, message: unknown): Promise<void>;
  subscribe(channel: string, handler: (message: unknown) => void): void;
  close(): Promise<void>;
}

export class LocalBus implements Bus {
  private emitter = new EventEmitter();
  async publish(channel: string, message: unknown): Promise<void> {
    this.emitter.emit(channel, message);
  }
  subscribe(channel: string, handler: (message: unknown) => void): void {
    this.emitter.on(channel, handler);
  }
  async close(): Promise<void> {
    this.emitter.removeAllListeners();
  }
}
