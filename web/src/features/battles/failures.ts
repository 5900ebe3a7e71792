/** What a failed battle action says: the server's own sentence when it sent one, else the spec's fallback. */
import { AppError, type Battle } from '@pog/common';
import { serverMessageOr } from '../../api/errors';
import { looksLikeBattle } from './live';

/** Spec section 8 (Battles): "The server message is used when present" (see api/errors.ts). */
export function failureMessage(error: unknown, fallback: string, online: boolean): string {
  return serverMessageOr(error, fallback, online);
}

/** A 409 "this battle cannot be ... : it is <status>" carries the battle as it now is. */
export function battleIn(error: unknown): Battle | null {
  if (!(error instanceof AppError) || typeof error.details !== 'object' || error.details === null) return null;
  const battle = (error.details as { battle?: unknown }).battle;
  return looksLikeBattle(battle) ? battle : null;
}
