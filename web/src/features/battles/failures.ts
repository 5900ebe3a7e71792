/** What a failed battle action says: the server's own sentence when it sent one, else the spec's fallback. */
import { AppError, ERROR_CATALOGUE, type Battle } from '@pog/common';
import { describeError } from '../../api/errors';
import { looksLikeBattle } from './live';

/**
 * Spec section 8 (Battles): "The server message is used when present". A message that is only the
 * catalogue default for the code is not the server speaking, so the specific fallback wins then.
 * Offline, the network error is shown instead, as for every error.
 */
export function failureMessage(error: unknown, fallback: string, online: boolean): string {
  if (!online) return describeError(error, false).message;
  if (!(error instanceof AppError)) return fallback;
  return error.message && error.message !== ERROR_CATALOGUE[error.code].message ? error.message : fallback;
}

/** A 409 "this battle cannot be ... : it is <status>" carries the battle as it now is. */
export function battleIn(error: unknown): Battle | null {
  if (!(error instanceof AppError) || typeof error.details !== 'object' || error.details === null) return null;
  const battle = (error.details as { battle?: unknown }).battle;
  return looksLikeBattle(battle) ? battle : null;
}
