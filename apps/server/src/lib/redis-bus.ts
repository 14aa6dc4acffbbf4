import { createClient } from 'redis';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- redis 6's client generics do not unify
type Client = any;
import type { Bus } from './bus.js';

const PREFIX = 'kontor:bus:';

/** Redis pub/sub: every instance, this one included, receives every published message. */
export class RedisBus implements Bus {
  private handlers = new Map<string, Array<(message: unknown) => void>>();

  private constructor(
    private readonly pub: Client,
    private readonly sub: Client,
  ) {}

  static async connect(url: string): Promise<RedisBus> {
    const pub = createClient({ url });
    const sub = pub.duplicate() as Client;
    await Promise.all([pub.connect(), sub.connect()]);
    return new RedisBus(pub, sub);
  }

  async publish(channel: string, message: unknown): Promise<void> {
    await this.pub.publish(PREFIX + channel, JSON.stringify(message));
  }

  subscribe(channel: string, handler: (message: unknown) => void): void {
    const list = this.handlers.get(channel);
    if (list) {
      list.push(handler);
      return;
    }
    this.handlers.set(channel, [handler]);
    void this.sub.subscribe(PREFIX + channel, (raw: string) => {
      const message: unknown = JSON.parse(raw);
      for (const h of this.handlers.get(channel) ?? []) h(message);
    });
  }

  /** Connection settings for other Redis users (the socket.io adapter). */
  get clients() {
    return { pub: this.pub, sub: this.sub };
  }

  async close(): Promise<void> {
    await Promise.allSettled([this.sub.quit(), this.pub.quit()]);
  }
}
