/**
 * Socket.IO on the gateway's port. The handshake is authenticated by the same signed session
 * cookie as the REST API and checked against the allowed origins; a signed-in socket joins
 * `user:<id>`, and one that also (or only) carries the admin cookie joins `admins`. With Redis, the adapter fans events out across every gateway.
 */
import type { Server as HttpServer } from 'node:http';
import { createAdapter } from '@socket.io/redis-adapter';
import type { Redis } from 'ioredis';
import { Server, type Socket } from 'socket.io';
import { ADMINS_ROOM, userRoom, type ClientToServerEvents, type ServerEventName, type ServerEventPayload, type ServerToClientEvents } from '@pog/common';
import type { RealtimePublisher } from '@pog/common/server';
import { socketIoRedisKey } from '@pog/worker';
import { hashToken } from '../auth/session-store';
import { readAdminCookieFromRequest } from '../admin/admin-cookie';
import { SESSION_COOKIE } from '../auth/session-cookie';
import type { InvalidationBus } from '../cluster/invalidation';
import type { AppContext } from '../context';
import { requestOrigin } from '../http/forwarded';
import { isAllowedOrigin } from '../http/same-origin';
import { readSignedCookie } from '../http/signed-cookie';

/** A socket rides on a player session, an admin session, or both (one browser, two cookies). */
export interface SocketData {
  userId?: number;
  tokenHash?: string;
  /** Set when the handshake carried a valid admin cookie: the socket is in `admins`. */
  adminTokenHash?: string;
  adminExpiresAt?: number;
}

export type IoServer = Server<ClientToServerEvents, ServerToClientEvents, Record<string, never>, SocketData>;
type IoSocket = Socket<ClientToServerEvents, ServerToClientEvents, Record<string, never>, SocketData>;

export interface SocketServer {
  io: IoServer;
  publisher: RealtimePublisher;
  healthy(): boolean;
  close(): Promise<void>;
}

export function attachSocketServer(
  httpServer: HttpServer,
  app: AppContext,
  options: { bus: InvalidationBus; redis?: { pub: Redis; sub: Redis } },
): SocketServer {
  const { config } = app;
  const io: IoServer = new Server(httpServer, {
    path: '/socket.io',
    serveClient: false,
    allowRequest: (req, callback) => {
      const own = requestOrigin(req.headers, Boolean((req.socket as { encrypted?: boolean }).encrypted), config.proxyHops);
      const ok = isAllowedOrigin({ allowed: config.publicOrigins }, req.headers, own);
      callback(ok ? null : 'Origin not allowed', ok);
    },
  });
  if (options.redis) {
    io.adapter(createAdapter(options.redis.pub, options.redis.sub, { key: socketIoRedisKey(config.redisPrefix) }));
  }

  io.use(async (socket, next) => {
    try {
      const token = readSignedCookie(socket.request, SESSION_COOKIE, config.sessionKeys);
      const session = token ? await app.sessions.get(token) : undefined;
      const userId = session?.userId;
      const user = typeof userId === 'number' ? await app.users.get(userId) : undefined;
      const adminToken = readAdminCookieFromRequest(socket.request, config.sessionKeys);
      const admin = adminToken ? await app.adminSessions.get(adminToken) : undefined;
      const player = token && user && !user.isBanned ? user : undefined;
      if (!player && !admin) return next(new Error('unauthorized'));
      if (player) {
        socket.data.userId = player.id;
        socket.data.tokenHash = hashToken(token!);
      }
      if (admin) {
        socket.data.adminTokenHash = admin.tokenHash;
        socket.data.adminExpiresAt = admin.expiresAt.getTime();
      }
      next();
    } catch (error) {
      next(error instanceof Error ? error : new Error('unauthorized'));
    }
  });

  io.on('connection', (socket: IoSocket) => {
    if (socket.data.userId !== undefined) void socket.join(userRoom(socket.data.userId));
    if (socket.data.adminTokenHash) joinAdmins(socket, app.clock.now().getTime());
  });

  // A session ended anywhere (logout) closes the sockets that rode on it here.
  options.bus.subscribe((message) => {
    if (message.type !== 'session') return;
    for (const socket of io.of('/').sockets.values()) {
      if (socket.data.adminTokenHash === message.tokenHash) leaveAdmins(socket);
      if (socket.data.tokenHash === message.tokenHash) {
        socket.emit('session:revoked', { reason: 'You have been logged out.' });
        socket.disconnect(true);
      }
    }
  });

  const emitTo = <E extends ServerEventName>(room: string, event: E, payload: ServerEventPayload<E>) => {
    (io.to(room).emit as (event: string, payload: unknown) => boolean)(event, payload);
  };

  const publisher: RealtimePublisher = {
    toUser: (userId, event, payload) => emitTo(userRoom(userId), event, payload),
    toAdmins: (event, payload) => emitTo(ADMINS_ROOM, event, payload),
    revokeUser: (userId, reason) => {
      emitTo(userRoom(userId), 'session:revoked', { reason });
      io.in(userRoom(userId)).disconnectSockets(true);
    },
  };

  return {
    io,
    publisher,
    healthy: () => (options.redis ? options.redis.pub.status === 'ready' && options.redis.sub.status === 'ready' : true),
    close: () => new Promise<void>((resolve) => void io.close(() => resolve())),
  };
}

/** Admin sockets hear the moderation queue; they leave it when their admin session ends or expires. */
function joinAdmins(socket: IoSocket, now: number): void {
  void socket.join(ADMINS_ROOM);
  const timer = setTimeout(() => leaveAdmins(socket), Math.max(0, (socket.data.adminExpiresAt ?? now) - now));
  timer.unref();
  socket.once('disconnect', () => clearTimeout(timer));
}

/** A socket that also carries a player session stays connected as the player; otherwise it closes. */
function leaveAdmins(socket: IoSocket): void {
  delete socket.data.adminTokenHash;
  void socket.leave(ADMINS_ROOM);
  if (socket.data.userId === undefined) socket.disconnect(true);
}

