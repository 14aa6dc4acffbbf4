import { io as connect, type Socket } from 'socket.io-client';

/** socket.io clients as the console opens them (websocket only, no reconnection), closed by `closeAll`. */
export function socketClient() {
  const opened: Socket[] = [];

  const next = <T = unknown>(socket: Socket, event: string, ms = 8000) =>
    new Promise<T>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`no ${event} within ${ms} ms`)), ms);
      socket.once(event, (payload: T) => {
        clearTimeout(timer);
        resolve(payload);
      });
    });

  /** A socket that sent `login` with the token and got its `info` back. */
  async function signedIn(url: string, token: string, printShipment = false): Promise<Socket> {
    const socket = connect(url, { path: '/ws/', transports: ['websocket'], reconnection: false });
    opened.push(socket);
    await next(socket, 'connect');
    const info = next(socket, 'info');
    socket.emit('login', { token, version: 'test', userAgent: 'session-test', printShipment });
    await info;
    return socket;
  }

  /** Every `msg` a socket receives from now on. */
  function heard(socket: Socket): string[] {
    const texts: string[] = [];
    socket.on('msg', (text: string) => texts.push(text));
    return texts;
  }

  return {
    next,
    signedIn,
    heard,
    closeAll: () => opened.splice(0).forEach((s) => s.disconnect()),
  };
}

/** Polls `check` until it holds or `ms` pass; answers whether it held. */
export async function eventually(check: () => boolean | Promise<boolean>, ms = 8000, every = 50): Promise<boolean> {
  const deadline = Date.now() + ms;
  for (;;) {
    if (await check()) return true;
    if (Date.now() > deadline) return false;
    await new Promise((r) => setTimeout(r, every));
  }
}
