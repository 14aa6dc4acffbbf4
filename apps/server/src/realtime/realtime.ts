import { errorText, localeFromAcceptLanguage, toLocale, type Locale } from '@kontor/contracts';
import type { FastifyInstance } from 'fastify';
import { Server, type Socket } from 'socket.io';
import type { Core, RealtimePublisher } from '../core.js';
import type { AuthContext } from '../http/access.js';
import { originAllowed, parseAllowList } from '../http/hooks.js';
import { printStationUserOf } from './print-station.repo.js';
import { connectRedisAdapter } from './redis-adapter.js';

/** A socket that has not sent a valid `login` by then is closed. */
const LOGIN_GRACE_MS = 15_000;

interface SocketData {
  userId?: number;
  sessionId?: number;
  /** The session's token hash: the sweep and role changes look the session up by it. */
  tokenHash?: string;
  /** The socket said at login that it is a print station (kept when the account flag changes). */
  stationByLogin?: boolean;
  locale: Locale;
}

const userRoom = (id: number) => `user:${id}`;
const roleRoom = (name: string) => `role:${name}`;
/** Every signed-in socket, for announcements to all. */
const EVERYONE = 'everyone';
const sessionRoom = (id: number) => `session:${id}`;
const stationRoom = (userId: number) => `station:${userId}`;

/**
 * socket.io at /ws/ (spec §7, facts §4): websocket transport only, Origin checked at the handshake.
 * A client proves itself with `login {token, version, userAgent, printShipment}`; then it joins the
 * rooms of its user and session (and of its print station when printShipment is set). With Redis the
 * rooms span every server process, so a print sent to one process reaches a station on another.
 */
export async function attachRealtime(app: FastifyInstance, core: Core): Promise<RealtimePublisher> {
  const allowList = parseAllowList(core.config);
  const io = new Server(app.server, {
    path: '/ws/',
    transports: ['websocket'],
    serveClient: false,
    allowRequest(req, callback) {
      const origin = req.headers.origin;
      const protocol = (req.socket as { encrypted?: boolean }).encrypted ? 'https' : 'http';
      callback(null, !origin || originAllowed(origin, allowList, req.headers.host, protocol));
    },
  });
  const closeAdapter = core.config.REDIS_URL ? await connectRedisAdapter(io, core.config.REDIS_URL) : async () => undefined;

  const text = (socket: Socket, code: 'Printing' | 'PrinterOffline' | 'SocketLoginRequired') => errorText(code, (socket.data as SocketData).locale);

  /**
   * The rooms that follow from the session now: its roles (an administrator may have changed them) and
   * the print station (said at login, or the account's flag).
   */
  async function joinRooms(socket: Socket, auth: AuthContext): Promise<void> {
    const data = socket.data as SocketData;
    const wanted = [...auth.roles.map(roleRoom), ...(data.stationByLogin || auth.printShipment ? [stationRoom(auth.userId)] : [])];
    for (const room of [...socket.rooms]) {
      if ((room.startsWith('role:') || room.startsWith('station:')) && !wanted.includes(room)) await socket.leave(room);
    }
    await socket.join(wanted);
    if (auth.language) data.locale = toLocale(auth.language);
  }

  async function login(socket: Socket, token: unknown, printShipment: unknown): Promise<boolean> {
    // Background: connecting (or reconnecting on its own) is not the user's activity and never slides
    // the idle timeout; only the user's calls do (spec §4, docs/decisions.md).
    const auth = typeof token === 'string' ? await core.sessions.authenticate(token, true) : null;
    const data = socket.data as SocketData;
    if (!auth) {
      socket.emit('msg', text(socket, 'SocketLoginRequired'));
      socket.disconnect(true);
      return false;
    }
    data.userId = auth.userId;
    data.sessionId = auth.sessionId;
    data.tokenHash = auth.tokenHash;
    data.stationByLogin = data.stationByLogin || printShipment === true;
    await socket.join([userRoom(auth.userId), sessionRoom(auth.sessionId), EVERYONE]);
    await joinRooms(socket, auth);
    socket.emit('info', { webVersion: core.version.webVersion });
    return true;
  }

  /** Checks the session of a signed-in socket: ends the socket when the session ended, else updates its rooms. */
  async function recheck(socket: Socket): Promise<void> {
    const { tokenHash } = socket.data as SocketData;
    if (!tokenHash || socket.disconnected) return;
    const auth = await core.sessions.authenticateHash(tokenHash, true);
    if (!auth) socket.disconnect(true);
    else if (socket.connected) await joinRooms(socket, auth);
  }

  io.on('connection', (socket) => {
    socket.data = { locale: localeFromAcceptLanguage(socket.handshake.headers['accept-language']) } satisfies SocketData;
    const grace = setTimeout(() => {
      if (!(socket.data as SocketData).userId) socket.disconnect(true);
    }, LOGIN_GRACE_MS);
    socket.on('disconnect', () => clearTimeout(grace));

    const queryToken = socket.handshake.query.x_token;
    let ready: Promise<boolean> =
      typeof queryToken === 'string' && queryToken ? login(socket, queryToken, socket.handshake.query.printShipment === 'true') : Promise.resolve(false);

    socket.on('login', (payload: { token?: unknown; printShipment?: unknown } | undefined) => {
      ready = ready.then(async (already) => {
        if (already && !payload?.printShipment) return true;
        return login(socket, payload?.token, payload?.printShipment);
      });
    });

    socket.on('print', async (payload: unknown) => {
      if (!(await ready)) return;
      const { userId } = socket.data as SocketData;
      const station = await stationOf(core, userId!);
      const online = await io.in(stationRoom(station)).fetchSockets();
      if (online.length === 0) return void socket.emit('msg', text(socket, 'PrinterOffline'));
      io.to(stationRoom(station)).emit('print', payload);
      socket.emit('msg', text(socket, 'Printing'));
    });
  });

  // Every process hears revocations on the bus, so each disconnects its own sockets.
  core.sessions.onRevoked((ids) => {
    if (ids.length) io.local.in(ids.map(sessionRoom)).disconnectSockets(true);
  });
  // A user's roles changed (on any process): this process's sockets of that user re-join their rooms.
  core.sessions.onUserChanged((userId) => {
    const mine = [...io.of('/').sockets.values()].filter((socket) => (socket.data as SocketData).userId === userId);
    void Promise.all(mine.map(recheck)).catch((err: unknown) => core.log.error({ err }, 'socket recheck after a user change failed'));
  });
  // Expiry by idle time or lifetime has no event: each process checks its own sockets' sessions, one
  // after another, so a session ends its sockets within SOCKET_SWEEP_MS however it ended.
  let sweeping = false;
  const sweep = setInterval(() => {
    if (sweeping) return;
    sweeping = true;
    void (async () => {
      for (const socket of [...io.of('/').sockets.values()]) await recheck(socket);
    })()
      .catch((err: unknown) => core.log.error({ err }, 'socket session sweep failed'))
      .finally(() => (sweeping = false));
  }, core.config.SOCKET_SWEEP_MS);
  sweep.unref();

  app.addHook('onClose', async () => {
    clearInterval(sweep);
    io.disconnectSockets(true);
    await new Promise<void>((resolve) => io.close(() => resolve()));
    await closeAdapter();
  });

  return {
    async msgToUser(userId, message) {
      io.to(userRoom(userId)).emit('msg', message);
    },
    async emitToUser(userId, event, payload) {
      io.to(userRoom(userId)).emit(event, payload);
    },
    async msgToRoles(roles, texts) {
      for (const socket of await io.in(roles.length ? roles.map(roleRoom) : EVERYONE).fetchSockets()) {
        const locale = (socket.data as SocketData).locale;
        socket.emit('msg', texts[locale] || texts.en);
      }
    },
    async disconnectSessions(sessionIds) {
      if (sessionIds.length) io.in(sessionIds.map(sessionRoom)).disconnectSockets(true);
    },
    async stationOnline(stationUserId) {
      return (await io.in(stationRoom(stationUserId)).fetchSockets()).length > 0;
    },
    async emitToStation(stationUserId, event, payload) {
      io.to(stationRoom(stationUserId)).emit(event, payload);
    },
  };
}

/** The print station serving a user: the station account set on the user, else the user itself. */
async function stationOf(core: Core, userId: number): Promise<number> {
  return (await printStationUserOf(core.db, userId)) ?? userId;
}
