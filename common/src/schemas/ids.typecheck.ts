/**
 * Compile-time checks of the id types (tsc runs this file; nothing to execute): ids of different
 * kinds do not mix, a plain number is not an id until named one, a moderation target's id is of its
 * type's kind, and what the schemas parse (events, route params, queries, request bodies, answers)
 * comes out typed. The server's repositories, locks and job payloads
 * are checked the same way in domain/src/ids.typecheck.ts.
 */
import type { z } from 'zod';
import { durableEventSchemas } from '../events';
import { acceptBattleRequestSchema } from '../battles/api';
import { chatConversationParamSchema, chatReplyEventSchema } from '../chat/schemas';
import { CHAT } from '../constants';
import { auditLogQuerySchema, moderationAuditEntrySchema, moderationAuditQuerySchema, moderationTargetOf, type ModerationTarget } from '../moderation/schemas';
import { createTradeRequestSchema } from '../trades/api';
import {
  asAdminSessionId, asBattleId, asConversationId, asPogId, asUserId, battleIdParamSchema, tradeIdParamSchema, userPathIdSchema,
  type AdminSessionId, type BattleId, type ConversationId, type PogId, type TradeId, type UserId,
} from './ids';

declare function accept(battleId: BattleId, userId: UserId, defenderPogId: PogId): void;

export function idTypesDoNotMix(): void {
  const battle = asBattleId(1);
  const user = asUserId(2);
  const pog = asPogId(3);
  accept(battle, user, pog);
  // @ts-expect-error a user id where the battle id goes: swapped arguments do not compile
  accept(user, battle, pog);
  // @ts-expect-error a POG id is not a user id
  accept(battle, pog, pog);
  // @ts-expect-error a plain number is not an id until named one
  accept(1, user, pog);
  // An id is still a number wherever a number goes.
  const sum: number = battle + user;
  void sum;
}

declare function answerTrade(tradeId: TradeId, actorId: UserId): void;

export function parsedIdsAreTyped(raw: unknown): void {
  const trade = durableEventSchemas['trade:updated'].parse(raw);
  const battle = durableEventSchemas['battle:updated'].parse(raw);
  answerTrade(trade.id, trade.toUserId);
  // @ts-expect-error an event's trade id and user id swapped
  answerTrade(trade.toUserId, trade.id);
  // @ts-expect-error a battle's id is not a trade's
  answerTrade(battle.id, trade.toUserId);
  accept(battle.id, battle.defenderId, battle.challengerPogId!);
  // @ts-expect-error the POG and the player swapped
  accept(battle.id, battle.challengerPogId!, battle.defenderId);
  const params: z.infer<typeof tradeIdParamSchema> = tradeIdParamSchema.parse(raw);
  answerTrade(params.id, trade.fromUserId);
  // @ts-expect-error a battle route's :id is a battle id
  answerTrade(battleIdParamSchema.parse(raw).id, trade.fromUserId);
  const offer = createTradeRequestSchema.parse(raw);
  // @ts-expect-error a request's POG id is not its sender
  answerTrade(trade.id, offer.offerPogId);
  accept(battle.id, offer.fromUserId, acceptBattleRequestSchema.parse(raw).defenderPogId);
}

declare function chatHistory(userId: UserId, conversationId: ConversationId): void;

export function conversationIdsAreTheirOwn(raw: unknown): void {
  const user = asUserId(1);
  const conversation = asConversationId(1);
  chatHistory(user, conversation);
  chatHistory(user, CHAT.conversationId);
  // @ts-expect-error the player and the conversation swapped
  chatHistory(conversation, user);
  // @ts-expect-error a user id is not a conversation id
  chatHistory(user, user);
  // @ts-expect-error a plain number is not a conversation id until named one
  chatHistory(user, 1);
  chatHistory(user, chatConversationParamSchema.parse(raw).id);
  // @ts-expect-error the chat route's :id is a conversation, not the player
  chatHistory(chatConversationParamSchema.parse(raw).id, user);
  // @ts-expect-error a user route's :id is not a conversation
  chatHistory(user, userPathIdSchema.parse(raw).id);
  const reply = chatReplyEventSchema.parse(raw);
  chatHistory(user, reply.conversationId);
}

declare function recordModeration(adminSessionId: AdminSessionId, target: ModerationTarget): void;
declare function banPlayer(userId: UserId, adminSessionId: AdminSessionId): void;

export function adminSessionsAndTargetsAreTyped(raw: unknown): void {
  const session = asAdminSessionId(1);
  const user = asUserId(2);
  const pog = asPogId(3);
  banPlayer(user, session);
  // @ts-expect-error the player and the admin session swapped
  banPlayer(session, user);
  // @ts-expect-error a plain number is not an admin session id until named one
  banPlayer(user, 4);
  recordModeration(session, { type: 'pog', id: pog });
  recordModeration(session, { type: 'user', id: user });
  // @ts-expect-error a POG id cannot name a player target
  recordModeration(session, { type: 'user', id: pog });
  // @ts-expect-error nor a user id a POG target
  recordModeration(session, { type: 'pog', id: user });
  // @ts-expect-error a target's id is typed, not a plain number
  recordModeration(session, { type: 'pog', id: 5 });
  // @ts-expect-error a user id is not an admin session
  recordModeration(user, { type: 'user', id: user });
  recordModeration(session, moderationTargetOf('pog', 6));

  const entry = moderationAuditEntrySchema.parse(raw);
  // @ts-expect-error until its type is known, the target id may be a POG's
  banPlayer(entry.targetId, session);
  if (entry.targetType === 'user') banPlayer(entry.targetId, session);
  if (entry.targetType === 'pog') {
    const pogOfEntry: PogId = entry.targetId;
    // @ts-expect-error a POG line's target is not a player
    banPlayer(entry.targetId, session);
    void pogOfEntry;
  }
  const { target } = moderationAuditQuerySchema.parse(raw);
  if (target?.type === 'pog' && target.id !== undefined) recordModeration(session, target);
  if (target?.type === 'user' && target.id !== undefined) {
    // @ts-expect-error the query's user target is not a POG target
    recordModeration(session, { type: 'pog', id: target.id });
  }
}

/** The audit log's actors: only an admin's line has an admin session, and a line's player is a player. */
export function auditActorsAndLogQueriesAreTyped(raw: unknown): void {
  const session = asAdminSessionId(1);
  const user = asUserId(2);
  const entry = moderationAuditEntrySchema.parse(raw);
  // @ts-expect-error an automatic, a player's or an operator's line has no admin session
  banPlayer(user, entry.adminSessionId);
  if (entry.adminSessionId !== null) banPlayer(user, entry.adminSessionId);
  // @ts-expect-error an audit line's admin session is not a player
  if (entry.adminSessionId !== null) banPlayer(entry.adminSessionId, session);
  if (entry.actor.userId !== null) banPlayer(entry.actor.userId, session);
  // @ts-expect-error an audit line's acting player is not an admin session
  if (entry.actor.userId !== null) banPlayer(user, entry.actor.userId);
  const { target } = auditLogQuerySchema.parse(raw);
  if (target?.type === 'user' && target.id !== undefined) {
    recordModeration(session, target);
    // @ts-expect-error the audit log's user target is not a POG target
    recordModeration(session, { type: 'pog', id: target.id });
  }
}
