/**
 * Which HTTP request the code running now serves, for the process's last resort. An error nobody
 * caught (thrown by a timer's or an event emitter's callback while a request was being served)
 * reaches `process.on('uncaughtException')`, where AsyncLocalStorage still holds the async context
 * of the callback that threw: `answerUncaught()` answers that request 500 and closes its
 * connection, and the process goes on serving the others (server/src/process.ts). An error no
 * request owns still stops the process.
 *
 * A request's body and response events are emitted from its connection's socket, outside the
 * context of the handler that listens to them, so the server's request and response classes
 * (`scopedServerOptions`) emit their events inside the request's scope: an error thrown by a body
 * chunk's listener is attributed too.
 */
import { AsyncLocalStorage } from 'node:async_hooks';
import { IncomingMessage, ServerResponse, type RequestListener, type ServerOptions } from 'node:http';
import { ERROR_CATALOGUE } from '@pog/common/errors';
import { REQUEST_ID_HEADER } from './probes';

interface RequestScope {
  req: IncomingMessage;
  res: ServerResponse;
}

const scopes = new AsyncLocalStorage<RequestScope>();
const SCOPE = Symbol('pog.requestScope');

type Scoped = { [SCOPE]?: RequestScope };

/**
 * Errors thrown by a listener of a request's events, with their request: they leave the scope on
 * their way up (through Node's HTTP parser) before the process sees them.
 */
const thrownIn = new WeakMap<object, RequestScope>();

/** Runs `emit` inside the scope of the request the emitter belongs to, once that request is being served. */
function emitInScope(emitter: Scoped, emit: () => boolean): boolean {
  const scope = emitter[SCOPE];
  if (!scope || scopes.getStore() === scope) return emit();
  try {
    return scopes.run(scope, emit);
  } catch (error) {
    if (typeof error === 'object' && error !== null) thrownIn.set(error, scope);
    throw error;
  }
}

class ScopedIncomingMessage extends IncomingMessage {
  override emit(event: string | symbol, ...args: unknown[]): boolean {
    return emitInScope(this as Scoped, () => super.emit(event, ...args));
  }
}

class ScopedServerResponse<Request extends IncomingMessage = IncomingMessage> extends ServerResponse<Request> {
  override emit(event: string | symbol, ...args: unknown[]): boolean {
    return emitInScope(this as Scoped, () => super.emit(event, ...args));
  }
}

/** `http.createServer` options whose requests and responses emit their events in their request's scope. */
export const scopedServerOptions: ServerOptions = { IncomingMessage: ScopedIncomingMessage, ServerResponse: ScopedServerResponse };

/** Serves each request inside its own scope. */
export function inRequestScope(listener: RequestListener): RequestListener {
  return (req, res) => {
    const scope: RequestScope = { req, res };
    (req as Scoped)[SCOPE] = scope;
    (res as Scoped)[SCOPE] = scope;
    scopes.run(scope, () => listener(req, res));
  };
}

/** The request the running code serves, if any. */
export function currentRequest(): IncomingMessage | undefined {
  return scopes.getStore()?.req;
}

/** What the log says about the request an uncaught error came from (its access line gives the route). */
export interface UncaughtInRequest {
  method: string | undefined;
  requestId: string | undefined;
}

/**
 * After an uncaught `error`: answers the request the running code serves while it is unanswered (or
 * whose event's listener threw it), if any, with a 500 and the
 * catalogue's SERVER_ERROR texts (when nothing was sent yet), and closes its connection, since what
 * was running for it may be stuck halfway. Returns what to log about that request, or undefined when
 * the error belongs to no request.
 */
export function answerUncaught(error: unknown): UncaughtInRequest | undefined {
  const emittedBy = typeof error === 'object' && error !== null ? thrownIn.get(error) : undefined;
  const current = scopes.getStore();
  // Work a request started that outlives its answer (a job, the outbox relay) is no longer that
  // request's: its errors stay fatal, as any other whose state is unknown.
  const scope = emittedBy ?? (current && !current.res.writableFinished ? current : undefined);
  if (!scope) return undefined;
  const { req, res } = scope;
  const requestId = res.getHeader(REQUEST_ID_HEADER)?.toString();
  // Once the connection is gone, the request ends too, so that whatever still reads its body stops
  // (a request answered early is no longer one Node ends with its connection).
  req.socket.once('close', () => req.destroy());
  if (!res.headersSent && !res.writableEnded) {
    // The headers already set stay (security headers, the request id); those of a body that was being prepared go.
    for (const name of ['content-length', 'content-encoding', 'content-disposition', 'etag', 'last-modified']) res.removeHeader(name);
    res.statusCode = 500;
    res.setHeader('Content-Type', 'application/json; charset=utf-8');
    res.setHeader('Cache-Control', 'no-store');
    res.setHeader('Connection', 'close');
    const body = { message: ERROR_CATALOGUE.SERVER_ERROR.message, code: 'SERVER_ERROR', ...(requestId ? { requestId } : {}) };
    // Connection: close ends the connection once the answer is written.
    res.end(JSON.stringify(body));
  } else {
    res.destroy();
  }
  return { method: req.method, requestId };
}
