/**
 * The shape of every domain's policy (`<domain>/policy.ts`): each action names a pure test of
 * (actor, resource) and the error that refuses it. Commands ask `authorize` (throws the refusal) or
 * `refusal` (returns it, for commands that collect refusals); the `may*` functions answer the bare
 * question, for lists and for tests.
 */
import type { AppError } from '@pog/common/errors';
import type { UserId } from '@pog/common/schemas/ids';

/** The player who acts: their id, and when read under lock, their ban. */
export interface Actor {
  id: UserId;
  isBanned?: boolean;
  banReason?: string | null;
}

export interface Rule<A, R> {
  may(actor: A, resource: R): boolean;
  refuse(actor: A, resource: R): AppError;
}

/** One action's rule: `refuse` is only called when `may` said no. */
export const rule = <A, R>(may: (actor: A, resource: R) => boolean, refuse: (actor: A, resource: R) => AppError): Rule<A, R> => ({ may, refuse });

type ActorOf<T> = T extends Rule<infer A, unknown> ? A : never;
type ResourceOf<T> = T extends Rule<never, infer R> ? R : never;

export interface Policy<T extends Record<string, Rule<never, never>>> {
  /** Throws the action's error unless the actor may do it. */
  authorize<K extends keyof T>(action: K, actor: ActorOf<T[K]>, resource: ResourceOf<T[K]>): void;
  /** The action's error when the actor may not do it, else null. */
  refusal<K extends keyof T>(action: K, actor: ActorOf<T[K]>, resource: ResourceOf<T[K]>): AppError | null;
}

export function policy<T extends Record<string, Rule<never, never>>>(rules: T): Policy<T> {
  const refusal = <K extends keyof T>(action: K, actor: ActorOf<T[K]>, resource: ResourceOf<T[K]>): AppError | null => {
    const { may, refuse } = rules[action] as unknown as Rule<ActorOf<T[K]>, ResourceOf<T[K]>>;
    return may(actor, resource) ? null : refuse(actor, resource);
  };
  return {
    refusal,
    authorize(action, actor, resource) {
      const error = refusal(action, actor, resource);
      if (error) throw error;
    },
  };
}
