/**
 * Socket.IO on the gateway's port. The handshake is authenticated by the same signed session
 * cookie as the REST API and checked against the allowed origins. A signed-in socket receives its
 * player's stream ('user:<id>'), one that also (or only) carries the admin cookie the 'admins'
 * stream, through the stream hub, which catches it up from the positions its client sent (`auth`).
 * The Redis adapter (when configured) only carries PogBot's live answer pieces between processes.
 * A spectator's connection (`watchOnly`, a battle's public page) may be signed out: it joins no
 * stream and only watches battles (spectators.ts).
 * Every message a client sends is counted against its socket's and its player's budgets
 * (socket-limits.ts).
 */
import type { IncomingMessage, Server as HttpServer } from 'node:http';
import type { Redis } from 'ioredis';
import { Server, type Socket } from 'socket.io';
import { ADMINS_STREAM, userRoom, userStream, type ClientToServerEvents, type ServerToClientEvents, type SocketHandshakeAuth, type StreamPositions } from '@pog/common';
import { socketIoRedisKey, type LiveChannel } from '@pog/domain/realtime';
import { type SequencedEvent } from '@pog/domain/outbox';
import { hashToken } from '../auth/session-store';
import { readAdminCookieFromRequest } from '../admin/admin-cookie';
import { SESSION_COOKIE } from '../auth/session-cookie';
import type { InvalidationBus } from '../cluster/invalidation';
import type { AppContext } from '../context';
import { clientNetwork } from '../http/client-network';
import { forwardedEntry, requestOrigin } from '../http/forwarded';
import { isAllowedOrigin } from '../http/same-origin';
import { readSignedCookie } from '../http/signed-cookie';
import { createSocketLimits, type SocketLimits, type SocketLimitStats } from './socket-limits';
import { attachSpectators, type Spectators } from './spectators';
import type { StreamHub } from './stream-hub';
import type { UserId } from '@pog/common/schemas/ids';

/** A socket rides on a player session, an admin session, or both (one browser, two cookies). */
export interface SocketData {
  userId?: UserId;
  tokenHash?: string;
  /** Set when the handshake carried a valid admin cookie: the socket hears the 'admins' stream. */
  adminTokenHash?: string;
  adminExpiresAt?: number;
  /** Whose budgets the socket spends and whose turn it takes catching up: its player, else its admin session, else its address. */
  owner?: string;
  /** A spectator's connection (a battle's public page): no streams, only battles watched. */
  watchOnly?: boolean;
}

export type IoServer = Server<ClientToServerEvents, ServerToClientEvents, Record<string, never>, SocketData>;
export type IoSocket = Socket<ClientToServerEvents, ServerToClientEvents, Record<string, never>, SocketData>;

export interface SocketServer {
  io: IoServer;
  /**
   * Resolves once the Redis adapter's subscriptions are in effect (at once without Redis): a gateway
   * that served before then would count the sockets of a room, or hear other gateways' broadcasts,
   * as if it were alone.
   */
  ready: Promise<void>;
  /** PogBot's answer pieces to a player's sockets on every gateway. */
  live: LiveChannel;
  /** Sockets connected to this gateway. */
  count(): number;
  /** What the socket limits refused (metrics). */
  limits: SocketLimitStats;
  /** The streams a connected socket receives. */
  streamsOf(socketId: string): string[];
  /**
   * Drops every socket's connection without a goodbye, as a lost connection: its client reconnects,
   * to another gateway when this one is going. (`socket.disconnect()` tells the client the server
   * ended it for good, which is how a ban or a logout closes a socket: that client does not retry.)
   * `stopping`: this gateway is going, and refuses new connections from now on.
   */
  disconnectAll(options?: { stopping?: boolean }): void;
  close(): Promise<void>;
}

/**
 * Resolves once every subscription asked of `sub` so far is in effect: Redis answers a connection's
 * commands in order, and PING is allowed to a subscribed connection.
 */
export async function subscribed(sub: Redis): Promise<void> {
  await sub.ping();
}

/** Positions from a handshake, keeping only well-formed entries. */
function positionsFrom(auth: unknown): StreamPositions {
  const positions = (auth as SocketHandshakeAuth | undefined)?.positions;
  const result: StreamPositions = {};
  if (typeof positions !== 'object' || positions === null) return result;
  for (const [stream, position] of Object.entries(positions)) {
    if (typeof position === 'number' && Number.isSafeInteger(position) && position >= 0) result[stream] = position;
  }
  return result;
}

const LEADERBOARD_SIGNAL_MS = 1000;

/** A battle that completed or a trade that was accepted (each arrives once per player: the signal is throttled). */
function changesStandings(event: SequencedEvent): boolean {
  const status = (event.payload as { status?: string } | null)?.status;
  return (event.name === 'battle:updated' && status === 'completed') || (event.name === 'trade:updated' && status === 'accepted');
}

/**
 * Besides those, what changes a collection's value or a designer's points (a POG scored, moved or
 * moderated: 'pog:updated'; deleted: the admins' queue hears of it) or takes a player off the
 * boards (a ban): the kept leaderboard pages are dropped for these too, though open boards are not
 * told to refetch.
 */
function changesPages(event: SequencedEvent): boolean {
  const action = (event.payload as { action?: string } | null)?.action;
  if (event.name === 'moderation:user') return action === 'banned' || action === 'unbanned';
  if (event.name === 'moderation:queue') return action === 'deleted';
  return changesStandings(event) || event.name === 'pog:updated';
}

/**
 * Whose budgets a handshake spends, from its cookies: its player's, else its admin session's, else
 * (a signed-out visitor's spectator connection, the only kind taken without a session) its network's.
 */
async function ownerOf(app: AppContext, request: IncomingMessage): Promise<string> {
  const { sessionKeys, proxyHops } = app.config;
  const token = readSignedCookie(request, SESSION_COOKIE, sessionKeys);
  const userId = token ? (await app.sessions.get(token))?.userId : undefined;
  if (typeof userId === 'number') return `user:${userId}`;
  const adminToken = readAdminCookieFromRequest(request, sessionKeys);
  return adminToken ? `admin:${hashToken(adminToken)}` : `visitor:${networkOf(request, proxyHops)}`;
}

/** Why a handshake of `owner` is refused, or null when it may connect. */
async function refusalOf(limits: SocketLimits, owner: string): Promise<string | null> {
  if (limits.full(owner)) return 'Too many connections: close some tabs';
  // A player (or visitor) whose socket was closed for flooding waits before opening another (it was told how long).
  return (await limits.benched(owner)) === undefined ? null : 'Too many messages: try again later';
}

type AllowRequest = NonNullable<ConstructorParameters<typeof Server>[1]>['allowRequest'];

/** Which connections the server takes: from an allowed origin, while not stopping, from no benched player nor one holding its most sockets. */
function admission(app: AppContext, limits: SocketLimits, isStopping: () => boolean): AllowRequest {
  const { config } = app;
  return (req, callback) => {
    // A stopping gateway takes no new connection (a proxy may still send one on a kept-alive
    // connection): the client tries again, and reaches another gateway.
    if (isStopping()) return callback('Server shutting down', false);
    const own = requestOrigin(req.headers, Boolean((req.socket as { encrypted?: boolean }).encrypted), config.proxyHops);
    if (!isAllowedOrigin({ allowed: config.publicOrigins }, req.headers, own)) return callback('Origin not allowed', false);
    void ownerOf(app, req)
      .then((owner) => refusalOf(limits, owner))
      .then(
        (refused) => callback(refused, refused === null),
        () => callback(null, true),
      );
  };
}

/** Whether a handshake asks for a spectator's connection only (`SocketHandshakeAuth.watchOnly`). */
const asksWatchOnly = (auth: unknown) => (auth as SocketHandshakeAuth | undefined)?.watchOnly === true;

/** The network a connection came from (client-network.ts), as the outermost trusted proxy saw it. */
function networkOf(request: IncomingMessage, proxyHops: number): string {
  return clientNetwork(forwardedEntry(request.headers['x-forwarded-for'], proxyHops) ?? request.socket.remoteAddress ?? 'unknown');
}

/** The handshake's player session, with its player unless banned. */
async function sessionPlayer(app: AppContext, request: IncomingMessage) {
  const token = readSignedCookie(request, SESSION_COOKIE, app.config.sessionKeys);
  const userId = token ? (await app.sessions.get(token))?.userId : undefined;
  const user = typeof userId === 'number' ? await app.users.get(userId) : undefined;
  return { token, player: token && user && !user.isBanned ? user : undefined };
}

/**
 * The handshake's sessions: a player who is not banned, an admin, or both. A spectator's connection
 * may have neither (a signed-out visitor watching a battle); anyone else is refused.
 */
function authenticate(app: AppContext): Parameters<IoServer['use']>[0] {
  const { sessionKeys } = app.config;
  return async (socket, next) => {
    try {
      const { token, player } = await sessionPlayer(app, socket.request);
      const adminToken = readAdminCookieFromRequest(socket.request, sessionKeys);
      const admin = adminToken ? await app.adminSessions.get(adminToken) : undefined;
      if (asksWatchOnly(socket.handshake.auth)) {
        // A spectator rides on no session (a logout does not end it): its player's budgets, else its address's.
        socket.data.watchOnly = true;
        socket.data.owner = player ? `user:${player.id}` : `visitor:${networkOf(socket.request, app.config.proxyHops)}`;
        return next();
      }
      if (!player && !admin) return next(new Error('unauthorized'));
      if (player) {
        socket.data.userId = player.id;
        socket.data.tokenHash = hashToken(token!);
      }
      if (admin) {
        socket.data.adminTokenHash = admin.tokenHash;
        socket.data.adminExpiresAt = admin.expiresAt.getTime();
      }
      socket.data.owner = player ? `user:${player.id}` : `admin:${admin!.tokenHash}`;
      next();
    } catch (error) {
      next(error instanceof Error ? error : new Error('unauthorized'));
    }
  };
}

/** A socket that also carries a player session stays connected as the player; otherwise it closes. */
function leaveAdmins(hub: StreamHub, socket: IoSocket): void {
  delete socket.data.adminTokenHash;
  hub.leave(socket.id, ADMINS_STREAM);
  if (socket.data.userId === undefined) socket.disconnect(true);
}

/** Admin sockets hear the moderation queue; they leave it when their admin session ends or expires. */
function expireAdmin(hub: StreamHub, socket: IoSocket, now: number): void {
  const timer = setTimeout(() => leaveAdmins(hub, socket), Math.max(0, (socket.data.adminExpiresAt ?? now) - now));
  timer.unref();
  socket.once('disconnect', () => clearTimeout(timer));
}

/** A connected socket joins its streams through the hub, which catches it up, and spends its budgets on every message. */
function connect(app: AppContext, hub: StreamHub, limits: SocketLimits, spectators: Spectators): (socket: IoSocket) => void {
  return (socket) => {
    const owner = socket.data.owner ?? socket.id;
    limits.opened(socket.id, owner);
    socket.use(limits.guard(socket, owner));
    spectators.register(socket);
    if (socket.data.watchOnly) {
      socket.once('disconnect', () => limits.forget(socket.id));
      return;
    }
    const streams: string[] = [];
    if (socket.data.userId !== undefined) {
      streams.push(userStream(socket.data.userId));
      void socket.join(userRoom(socket.data.userId));
    }
    if (socket.data.adminTokenHash) {
      streams.push(ADMINS_STREAM);
      expireAdmin(hub, socket, app.clock.now().getTime());
    }
    socket.once('disconnect', () => {
      hub.detach(socket.id);
      limits.forget(socket.id);
    });
    socket.on('sync', (positions) => void hub.sync(socket.id, positionsFrom({ positions })));
    void hub.attach(socket, streams, positionsFrom(socket.handshake.auth), owner);
  };
}

/**
 * A completed battle or trade changes the leaderboards: every socket here hears of it, at most
 * once per LEADERBOARD_SIGNAL_MS (every gateway relays every event, so each tells its own sockets).
 * The kept pages are dropped at once, so the refetch the signal causes reads the change.
 */
function signalLeaderboards(app: AppContext, hub: StreamHub, io: IoServer): void {
  let leaderboardSignal: NodeJS.Timeout | undefined;
  hub.watch((event) => {
    if (changesPages(event)) app.leaderboards.pages.clear();
    if (leaderboardSignal || !changesStandings(event)) return;
    leaderboardSignal = setTimeout(() => {
      leaderboardSignal = undefined;
      io.local.emit('leaderboard:changed');
    }, LEADERBOARD_SIGNAL_MS);
    leaderboardSignal.unref();
  });
}

/** A session ended anywhere (logout) closes the sockets that rode on it here. */
function closeEndedSessions(bus: InvalidationBus, hub: StreamHub, io: IoServer): void {
  bus.subscribe((message) => {
    if (message.type !== 'session') return;
    for (const socket of io.of('/').sockets.values()) {
      if (socket.data.adminTokenHash === message.tokenHash) leaveAdmins(hub, socket);
      if (socket.data.tokenHash === message.tokenHash) {
        socket.emit('session:revoked', { reason: 'You have been logged out.' });
        socket.disconnect(true);
      }
    }
  });
}

/** Socket.IO's Redis adapter (`redisAdapter`) and the connection it subscribes on. */
export interface RedisAdapter {
  adapter: Parameters<IoServer['adapter']>[0];
  sub: Redis;
}

/** The Redis adapter over these connections, loaded only by a gateway that has Redis. */
export async function redisAdapter(pub: Redis, sub: Redis, redisPrefix: string): Promise<RedisAdapter> {
  const { createAdapter } = await import('@socket.io/redis-adapter');
  return { adapter: createAdapter(pub, sub, { key: socketIoRedisKey(redisPrefix) }), sub };
}

export function attachSocketServer(
  httpServer: HttpServer,
  app: AppContext,
  options: { bus: InvalidationBus; hub: StreamHub; redis?: RedisAdapter },
): SocketServer {
  const { hub } = options;
  const limits = createSocketLimits();

  let stopping = false;
  const io: IoServer = new Server(httpServer, {
    path: '/socket.io',
    serveClient: false,
    // A client sends only `sync` with a position or two, or a battle to watch: a big message is hostile, closed unread.
    maxHttpBufferSize: 16 * 1024,
    allowRequest: admission(app, limits, () => stopping),
  });
  if (options.redis) io.adapter(options.redis.adapter);
  const ready = options.redis ? subscribed(options.redis.sub) : Promise.resolve();
  io.use(authenticate(app));
  io.on('connection', connect(app, hub, limits, attachSpectators(io, hub, app.log)));
  signalLeaderboards(app, hub, io);
  closeEndedSessions(options.bus, hub, io);

  return {
    io,
    ready,
    live: {
      chatDelta: (userId, delta) => void io.to(userRoom(userId)).emit('chat:delta', delta),
    },
    count: () => io.of('/').sockets.size,
    limits: limits.stats,
    streamsOf: (socketId) => hub.streamsOf(socketId),
    disconnectAll: (options = {}) => {
      if (options.stopping) {
        stopping = true;
        // Every connection, in any namespace or still shaking hands, closed at the transport.
        io.engine.close();
        return;
      }
      // A blip: every socket's connection closed at its transport, the server still taking connections.
      for (const socket of io.of('/').sockets.values()) socket.conn.close();
    },
    close: () => new Promise<void>((resolve) => void io.close(() => resolve())),
  };
}
