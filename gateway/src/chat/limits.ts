/**
 * How much a player may ask PogBot (numbers from CHAT in @pog/common): a few messages a minute,
 * a cap a day (each answer costs an AI call), and one answer at a time, so that answers stream
 * and are stored in the order the questions were asked.
 */
import { CHAT, ConflictError, RateLimitedError } from '@pog/common';
import type { RateLimiter } from '../auth/rate-limit';

const MINUTE_MS = 60_000;
const DAY_MS = 24 * 60 * 60_000;

const keys = {
  minute: (userId: number) => `chat:minute:${userId}`,
  day: (userId: number) => `chat:day:${userId}`,
  busy: (userId: number) => `chat:busy:${userId}`,
};

/** Counts one message; over a limit, 429 saying when to come back. */
export async function countChatMessage(limiter: RateLimiter, userId: number): Promise<void> {
  const [minute, day] = await Promise.all([limiter.hit(keys.minute(userId), MINUTE_MS), limiter.hit(keys.day(userId), DAY_MS)]);
  if (day.count > CHAT.messagesPerDay) {
    const hours = Math.max(1, Math.ceil(day.retryAfterSeconds / 3600));
    throw new RateLimitedError(
      day.retryAfterSeconds,
      `You've sent PogBot ${CHAT.messagesPerDay} messages today, the most it answers in a day. Please try again in ${hours} hour${hours === 1 ? '' : 's'}.`,
    );
  }
  if (minute.count > CHAT.messagesPerMinute) {
    const seconds = Math.max(1, minute.retryAfterSeconds);
    throw new RateLimitedError(
      seconds,
      `You're sending messages faster than PogBot can answer (at most ${CHAT.messagesPerMinute} a minute). Please wait ${seconds} second${seconds === 1 ? '' : 's'} and try again.`,
    );
  }
}

/**
 * Claims the player's turn: a second message while PogBot is still answering is refused (409).
 * The claim lapses by itself after CHAT.replyTimeoutMs should the process die; returns its release.
 */
export async function claimChatTurn(limiter: RateLimiter, userId: number): Promise<() => Promise<void>> {
  const { count } = await limiter.hit(keys.busy(userId), CHAT.replyTimeoutMs);
  if (count > 1) throw new ConflictError('PogBot is still answering your previous message. Please wait for the answer, then send the next one.');
  return () => limiter.reset(keys.busy(userId));
}
