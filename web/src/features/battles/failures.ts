/** What a failed battle action says: the server's own sentence when it sent one, else the spec's fallback. */
import { battleSchema, type Battle } from '@pog/common';
import { currentEntityIn, serverMessageOr } from '../../api/errors';

/** The spec on errors (Battles): "The server message is used when present" (see api/errors.ts). */
export function failureMessage(error: unknown, fallback: string, online: boolean): string {
  return serverMessageOr(error, fallback, online);
}

/** A 409 "this battle cannot be ... : it is <status>" carries the battle as it now is. */
export function battleIn(error: unknown): Battle | null {
  return currentEntityIn(error, 'battle', battleSchema);
}
