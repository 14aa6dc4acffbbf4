import type { Config } from '../config.js';
import { LocalBus, type Bus } from './bus.js';

/** Redis pub/sub when REDIS_URL is set (several instances), else in-process. */
export async function createBus(config: Config): Promise<Bus> {
  if (!config.REDIS_URL) return new LocalBus();
  const { RedisBus } = await import('./redis-bus.js');
  return RedisBus.connect(config.REDIS_URL);
}
