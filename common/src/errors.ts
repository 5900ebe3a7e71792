/**
 * The error catalogue (product spec: errors). One table: code, HTTP status, toast title and default
 * message. The server maps every failure to `{ message, code }`; the web client maps codes back to
 * titles. Nothing else in the codebase invents error codes.
 */
export const ERROR_CATALOGUE = {
  NETWORK_ERROR: { status: 0, title: 'Connection Error', message: 'Unable to connect to the server. Please check your internet connection.' },
  UNAUTHORIZED: { status: 401, title: 'Authentication Required', message: 'You need to log in to perform this action.' },
  FORBIDDEN: { status: 403, title: 'Access Denied', message: "You don't have permission to perform this action." },
  NOT_FOUND: { status: 404, title: 'Not Found', message: 'The requested resource was not found.' },
  RATE_LIMITED: { status: 429, title: 'Too Many Requests', message: "You've made too many requests. Please try again later." },
  SERVER_ERROR: { status: 500, title: 'Server Error', message: 'Something went wrong on our server. Please try again later.' },
  VALIDATION_ERROR: { status: 400, title: 'Invalid Input', message: 'Please check your input and try again.' },
  CREATION_LIMIT: { status: 403, title: 'Creation Limit Reached', message: "You've reached your creation limit. Burn an existing pog to create a new one." },
  DAILY_LIMIT: { status: 429, title: 'Daily Limit Reached', message: "You've reached your daily limit. Try again tomorrow." },
  COOLDOWN: { status: 429, title: 'Action on Cooldown', message: 'This action is on cooldown. Please try again later.' },
  CONFLICT: { status: 409, title: 'Conflict', message: 'This was changed by someone else. Please refresh and try again.' },
  PAYLOAD_TOO_LARGE: { status: 413, title: 'Too Large', message: 'The request is too large.' },
  DEFAULT: { status: 0, title: 'Error', message: 'An unexpected error occurred. Please try again.' },
} as const;

export type ErrorCode = keyof typeof ERROR_CATALOGUE;

export interface ErrorBody {
  message: string;
  code: ErrorCode;
  /** Extra machine-readable facts, e.g. the current state of a trade on a 409. */
  details?: unknown;
  /** On a 5xx: the request's id (also in the X-Request-Id header), for a report to quote. */
  requestId?: string;
}

/** The code a client falls back to when a response body cannot be parsed (product spec: errors). */
export function codeFromStatus(status: number): ErrorCode {
  if (status === 400) return 'VALIDATION_ERROR';
  if (status === 401) return 'UNAUTHORIZED';
  if (status === 403) return 'FORBIDDEN';
  if (status === 404) return 'NOT_FOUND';
  if (status === 429) return 'RATE_LIMITED';
  if (status >= 500) return 'SERVER_ERROR';
  return 'DEFAULT';
}

export function isErrorCode(value: unknown): value is ErrorCode {
  return typeof value === 'string' && Object.hasOwn(ERROR_CATALOGUE, value);
}

export interface AppErrorOptions {
  status?: number;
  details?: unknown;
  /** Seconds until trying again may succeed (rounded up); answered as Retry-After over HTTP. */
  retryAfterSeconds?: number;
  headers?: Record<string, string>;
}

/** A failure the user should hear about: carries a catalogue code, an HTTP status and a message. */
export class AppError extends Error {
  readonly code: ErrorCode;
  readonly status: number;
  readonly details: unknown;
  /** When trying again may succeed, in whole seconds (a cooldown, a limit's window): a domain fact. */
  readonly retryAfterSeconds: number | undefined;
  /** Response headers a route asks for itself (e.g. `Connection: close`); never set by domain code. */
  private readonly extraHeaders: Record<string, string>;

  constructor(code: ErrorCode, message?: string, options: AppErrorOptions = {}) {
    super(message ?? ERROR_CATALOGUE[code].message);
    this.name = 'AppError';
    this.code = code;
    this.status = options.status ?? (ERROR_CATALOGUE[code].status || 500);
    this.details = options.details;
    this.retryAfterSeconds = options.retryAfterSeconds === undefined ? undefined : Math.ceil(options.retryAfterSeconds);
    this.extraHeaders = options.headers ?? {};
  }

  /** The HTTP headers of this error's answer: the route's own, and Retry-After from retryAfterSeconds. */
  get headers(): Record<string, string> {
    if (this.retryAfterSeconds === undefined) return this.extraHeaders;
    return { ...this.extraHeaders, 'Retry-After': String(this.retryAfterSeconds) };
  }

  toBody(): ErrorBody {
    const body: ErrorBody = { message: this.message, code: this.code };
    if (this.details !== undefined) body.details = this.details;
    return body;
  }
}

export class ValidationError extends AppError {
  constructor(message?: string, details?: unknown) {
    super('VALIDATION_ERROR', message, { details });
  }
}
export class UnauthorizedError extends AppError {
  constructor(message?: string) {
    super('UNAUTHORIZED', message);
  }
}
export class ForbiddenError extends AppError {
  constructor(message?: string) {
    super('FORBIDDEN', message);
  }
}
export class NotFoundError extends AppError {
  constructor(message?: string) {
    super('NOT_FOUND', message);
  }
}
export class ConflictError extends AppError {
  constructor(message?: string, details?: unknown) {
    super('CONFLICT', message, { details });
  }
}
export class RateLimitedError extends AppError {
  constructor(retryAfterSeconds: number, message?: string) {
    super('RATE_LIMITED', message, { retryAfterSeconds: Math.max(1, retryAfterSeconds) });
  }
}
/**
 * A service the request needs (Redis, the job queue) is away: nothing was changed, try again shortly.
 * 503 with the catalogue's SERVER_ERROR texts.
 */
export class ServiceUnavailableError extends AppError {
  constructor(retryAfterSeconds = 5) {
    super('SERVER_ERROR', ERROR_CATALOGUE.SERVER_ERROR.message, { status: 503, retryAfterSeconds });
  }
}
