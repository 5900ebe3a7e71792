/**
 * The id types and their casts, without zod at run time: a screen that only names ids (links,
 * selects) does not download and build the id schemas (ids.ts) with them.
 */
import type { z } from 'zod';

/** The top of PostgreSQL's `integer`: every id column is a serial. */
export const MAX_ID = 2_147_483_647;

/** The range of an `integer` column, for numbers that are not ids (e.g. points in a cursor). */
export const INT4 = { min: -2_147_483_648, max: MAX_ID } as const;

/**
 * Ids of different things are different types, so a command, repository, lock or job called with a
 * POG id where a battle id goes, or with two ids swapped, does not compile. They are numbers at run
 * time (zod's brand is a type only); the param schemas of ids.ts give them, the database columns are
 * typed with them, and `as...Id` names one where the caller knows it.
 */
export type UserId = number & z.$brand<'UserId'>;
export type PogId = number & z.$brand<'PogId'>;
export type TradeId = number & z.$brand<'TradeId'>;
export type BattleId = number & z.$brand<'BattleId'>;
export type NotificationId = number & z.$brand<'NotificationId'>;
/** A player's conversation with PogBot (each player has one: CHAT.conversationId). */
export type ConversationId = number & z.$brand<'ConversationId'>;
/** A session of the admin area, the only name the audit log knows an admin by. */
export type AdminSessionId = number & z.$brand<'AdminSessionId'>;

export const asUserId = (id: number) => id as UserId;
export const asPogId = (id: number) => id as PogId;
export const asTradeId = (id: number) => id as TradeId;
export const asBattleId = (id: number) => id as BattleId;
export const asNotificationId = (id: number) => id as NotificationId;
export const asConversationId = (id: number) => id as ConversationId;
export const asAdminSessionId = (id: number) => id as AdminSessionId;
