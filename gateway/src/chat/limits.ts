/**
 * How much a player may ask PogBot (numbers from CHAT in @pog/common): a few messages a minute,
 * a cap a day (each answer costs an AI call), and one answer at a time, so that answers stream
 * and are stored in the order the questions were asked. Every count is taken before the AI is asked.
 */
import { CHAT, ConflictError, RateLimitedError } from '@pog/common';
import { RateLimiterRes } from 'rate-limiter-flexible';
import { retryAfterSeconds, spend, type LimitRule, type RateLimits } from '../auth/rate-limit';
import type { UserId } from '@pog/common/schemas/ids';

const rules = {
  minute: { name: 'chat:minute', points: CHAT.messagesPerMinute, durationSeconds: 60 },
  day: { name: 'chat:day', points: CHAT.messagesPerDay, durationSeconds: 24 * 3600 },
  /** The turn: one message in flight; lapses by itself after CHAT.replyTimeoutMs should the process die. */
  busy: { name: 'chat:busy', points: 1, durationSeconds: Math.ceil(CHAT.replyTimeoutMs / 1000) },
} satisfies Record<string, LimitRule>;

/** Counts one message against both limits (a refused one still counts); over a limit, 429 saying when to come back. */
export async function countChatMessage(limits: RateLimits, userId: UserId): Promise<void> {
  const key = String(userId);
  const [minute, day] = await Promise.allSettled([limits.limiter(rules.minute).consume(key, 1), limits.limiter(rules.day).consume(key, 1)]);
  if (day.status === 'rejected') {
    const seconds = retryAfterSeconds(refusalOf(day.reason));
    const hours = Math.max(1, Math.ceil(seconds / 3600));
    throw new RateLimitedError(
      seconds,
      `You've sent PogBot ${CHAT.messagesPerDay} messages today, the most it answers in a day. Please try again in ${hours} hour${hours === 1 ? '' : 's'}.`,
    );
  }
  if (minute.status === 'rejected') {
    const seconds = retryAfterSeconds(refusalOf(minute.reason));
    throw new RateLimitedError(
      seconds,
      `You're sending messages faster than PogBot can answer (at most ${CHAT.messagesPerMinute} a minute). Please wait ${seconds} second${seconds === 1 ? '' : 's'} and try again.`,
    );
  }
}

/** A limit's refusal, or the store's own failure thrown on. */
function refusalOf(reason: unknown): RateLimiterRes {
  if (reason instanceof RateLimiterRes) return reason;
  throw reason;
}

/**
 * Claims the player's turn: a second message while PogBot is still answering is refused (409).
 * Returns the claim's release.
 */
export async function claimChatTurn(limits: RateLimits, userId: UserId): Promise<() => Promise<void>> {
  const busy = limits.limiter(rules.busy);
  const key = String(userId);
  await spend([[busy, key]], () => new ConflictError('PogBot is still answering your previous message. Please wait for the answer, then send the next one.'));
  return async () => {
    await busy.delete(key);
  };
}
