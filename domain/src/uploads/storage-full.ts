/**
 * A write to the uploads folder that failed because the disk (or the user's quota on it) is full;
 * the error handler answers a database whose disk is full the same way. Nothing the client sent is
 * wrong, so it is a server error: 507 Insufficient Storage with the catalogue's SERVER_ERROR texts.
 * Whoever writes removes what it half-wrote before answering it.
 */
import { AppError, ERROR_CATALOGUE } from '@pog/common/errors';

const FULL_CODES = new Set(['ENOSPC', 'EDQUOT']);

export function isStorageFull(error: unknown): boolean {
  return FULL_CODES.has((error as { code?: unknown } | null)?.code as string);
}

export class StorageFullError extends AppError {
  constructor() {
    super('SERVER_ERROR', ERROR_CATALOGUE.SERVER_ERROR.message, { status: 507 });
  }
}
