/** Two admins acting on one target: the second one hears about it instead of silently overwriting. */
import { ConflictError } from '@pog/common/errors';

/**
 * `expected` is the `lastModeratedAt` the admin saw (null: never moderated); undefined skips the
 * check. Throws 409 when another action landed in between.
 */
export function assertNotModeratedSince(current: Date | null, expected: string | null | undefined, what: string): void {
  if (expected === undefined) return;
  const seen = expected === null ? null : Date.parse(expected);
  if ((current?.getTime() ?? null) !== seen) {
    throw new ConflictError(`Another admin moderated this ${what} in the meantime. Reload to see the latest state.`);
  }
}
