/**
 * How an error appears in a log line: its class, message, stack, code and cause, nothing else.
 * pino's own serializer copies every enumerable property, and some libraries hang what they were
 * given on their errors (the body parser keeps the raw request body, with any password in it).
 */
export interface SerializedError {
  type: string;
  message: string;
  stack?: string;
  code?: string | number;
  status?: number;
  cause?: SerializedError;
}

const MAX_CAUSES = 3;

export function serializeError(error: unknown, depth = 0): SerializedError {
  if (!(error instanceof Error)) return { type: typeof error, message: typeof error === 'string' ? error : 'a non-Error value was thrown' };
  const result: SerializedError = { type: error.constructor?.name || error.name, message: error.message };
  if (error.stack) result.stack = error.stack;
  const { code, status } = error as { code?: unknown; status?: unknown };
  if (typeof code === 'string' || typeof code === 'number') result.code = code;
  if (typeof status === 'number') result.status = status;
  if (error.cause !== undefined && depth < MAX_CAUSES) result.cause = serializeError(error.cause, depth + 1);
  return result;
}
