/**
 * Ids, wherever a client sends one (path, query, body, cursor): a whole number from 1 to the top
 * of PostgreSQL's `integer` (every id column is a serial), so a value the database would refuse
 * is a 400 at the edge instead of a failed query.
 */
import { z } from 'zod';
import { MAX_ID } from './id-brands';

export * from './id-brands';

/** An id in a JSON body: a number, not text. `what` names it in the messages, e.g. "offerPogId". */
export function idSchema(what: string) {
  const message = `${what} must be an id`;
  return z.number({ error: message }).int(message).min(1, message).max(MAX_ID, `${what} is out of range`);
}

/**
 * An id written in a URL (path or query): plain decimal digits only, so "1e3", "0x10", " 1", "01"
 * and "1\n" are refused rather than read as some other number.
 */
export function idTextSchema(what: string) {
  return z.string({ error: `${what} must be a number` }).transform((text, ctx) => {
    const problem = !/^-?\d+(\.\d+)?$/.test(text)
      ? 'must be a number'
      : /^(-|0+(\.0+)?$)/.test(text)
        ? 'must be positive'
        : text.includes('.')
          ? 'must be a whole number'
          : text.startsWith('0')
            ? 'must be written without leading zeros'
            : text.length > 10 || Number(text) > MAX_ID
              ? 'is out of range'
              : undefined;
    if (problem) {
      ctx.addIssue({ code: 'custom', message: `${what} ${problem}` });
      return z.NEVER;
    }
    return Number(text);
  });
}

/** An id a client sends in a JSON body, typed by what it names (same rules and messages as `idSchema`). */
export const userIdSchema = (what: string) => idSchema(what).brand<'UserId'>();
export const pogIdSchema = (what: string) => idSchema(what).brand<'PogId'>();

/**
 * An id in what the server sends (answers and events): read from the database, so only its type is
 * new; the web client parses events with these and gets typed ids back.
 */
export const userIdField = () => z.number().int().brand<'UserId'>();
export const pogIdField = () => z.number().int().brand<'PogId'>();
export const tradeIdField = () => z.number().int().brand<'TradeId'>();
export const battleIdField = () => z.number().int().brand<'BattleId'>();
export const notificationIdField = () => z.number().int().brand<'NotificationId'>();
export const conversationIdField = () => z.number().int().brand<'ConversationId'>();
export const adminSessionIdField = () => z.number().int().brand<'AdminSessionId'>();

/** The `:id` of a route. */
export const idParamSchema = z.object({ id: idTextSchema('The id') });

/** The `:id` of a route of one kind of thing (same text rules and messages, typed id). */
export const userPathIdSchema = z.object({ id: idTextSchema('The id').brand<'UserId'>() });
export const pogIdParamSchema = z.object({ id: idTextSchema('The id').brand<'PogId'>() });
export const tradeIdParamSchema = z.object({ id: idTextSchema('The id').brand<'TradeId'>() });
export const battleIdParamSchema = z.object({ id: idTextSchema('The id').brand<'BattleId'>() });

/** The `:userId` of a route. */
export const userIdParamSchema = z.object({ userId: idTextSchema('The user id').brand<'UserId'>() });
