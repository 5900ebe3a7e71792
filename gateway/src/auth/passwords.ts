/**
 * argon2id with the OWASP minimum (19 MiB, t=2, p=1). Hashing runs off the event loop in libuv's
 * pool, PASSWORD_SLOTS at a time (half the CPUs, at least one) with up to PASSWORD_QUEUE waiting:
 * sign-ins and registrations from many addresses at once take that share of the machine and no more,
 * and leave libuv's other threads to file reads and writes; beyond the queue they are refused at once.
 */
import { availableParallelism } from 'node:os';
import { hash, verify } from '@node-rs/argon2';
import { RateLimitedError } from '@pog/common';
import { workSlots } from '../http/work-slots';

const ARGON2ID = 2; // Algorithm.Argon2id (a const enum in the package's types)
const OPTIONS = { algorithm: ARGON2ID, memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;

export const PASSWORD_SLOTS = Math.max(1, Math.floor(availableParallelism() / 2));
export const PASSWORD_QUEUE = 256;
export const TOO_MANY_AT_ONCE = 'Too many players are signing in at once. Please try again in a moment.';

/** Every hash and verification of this process takes its turn here. */
export const passwordWork = workSlots({ slots: PASSWORD_SLOTS, queued: PASSWORD_QUEUE, refuse: () => new RateLimitedError(1, TOO_MANY_AT_ONCE) });

export function hashPassword(password: string): Promise<string> {
  return passwordWork.run(() => hash(password, OPTIONS));
}

export async function verifyPassword(passwordHash: string, password: string): Promise<boolean> {
  try {
    return await passwordWork.run(() => verify(passwordHash, password));
  } catch (error) {
    if (error instanceof RateLimitedError) throw error;
    return false;
  }
}

/** A real hash to verify against when the username does not exist, so timing does not tell. */
let decoyHash: Promise<string> | undefined;
export function decoyPasswordHash(): Promise<string> {
  decoyHash ??= hash('decoy-password-for-unknown-users', OPTIONS);
  return decoyHash;
}
