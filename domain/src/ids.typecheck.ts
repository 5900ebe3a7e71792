/**
 * Compile-time checks of the id types where the server passes them (tsc runs this file; nothing to
 * execute): repositories, row locks, job payloads, events, audit targets and the database columns
 * take typed ids, so swapped or mistaken arguments do not compile. Every `@ts-expect-error` below fails the
 * typecheck if the brands are removed, because the line then compiles.
 */
import { CHAT } from '@pog/common/constants';
import { asAdminSessionId, asBattleId, asConversationId, asNotificationId, asPogId, asTradeId, asUserId } from '@pog/common/schemas/ids';
import { buildChatPrompt } from './chat/grounding';
import { chatHistory, storeExchange } from './chat/repository';
import type { Db, Tx } from './db/client';
import type { AdminSessionRow, ChatMessageRow, ModerationAuditRow, TradeRow } from './db/schema';
import { asOutboxJobId, type JobPayload } from './jobs/definitions';
import { adminActor, listAudit, recordAudit } from './moderation/audit';
import { mayModerate } from './moderation/policy';
import { deletePogAsAdmin, moderatePog } from './moderation/pog-moderation';
import { moderateUser } from './moderation/user-moderation';
import { markJobDone, releaseJobs } from './outbox/store';
import { authorizeActingAs } from './users/policy';
import { findBattleRow, lockBattleRow, openBattlesOf } from './battles/repository';
import { lockActor, lockPlayers } from './moderation/player-locks';
import { markNotificationsRead } from './notifications/repository';
import type { UnitOfWork } from './outbox/unit-of-work';
import { lockPogs } from './pogs/locks';
import { findPog, findPogs } from './pogs/repository';
import { historyOf } from './provenance/history';
import { pendingTradesOf } from './trades/repository';
import { assertUnderDailyLimit, lockTrade } from './trades/rules';
import { findUserById } from './users/repository';

declare const db: Db;
declare const tx: Tx;
declare const uow: UnitOfWork;

const user = asUserId(1);
const pog = asPogId(2);
const trade = asTradeId(3);
const battle = asBattleId(4);
const now = new Date();

export async function repositoriesTakeTheirOwnIds(): Promise<void> {
  await findUserById(db, user);
  await findPog(db, pog);
  await findPogs(db, [pog]);
  await pendingTradesOf(db, user);
  await openBattlesOf(db, user);
  await findBattleRow(db, battle);
  await historyOf(db, pog);
  // @ts-expect-error a POG id is not a user id
  await findUserById(db, pog);
  // @ts-expect-error a user id is not a POG id
  await findPog(db, user);
  // @ts-expect-error a trade id is not a battle id
  await findBattleRow(db, trade);
  // @ts-expect-error a battle id is not a POG id
  await historyOf(db, battle);
  // @ts-expect-error a plain number is not an id until named one
  await pendingTradesOf(db, 1);
  // @ts-expect-error notification ids are their own kind
  await markNotificationsRead(db, user, [pog], now);
  await markNotificationsRead(db, user, [asNotificationId(5)], now);
}

export async function locksTakeTheirOwnIds(): Promise<void> {
  await lockTrade(tx, trade);
  await lockBattleRow(tx, battle);
  await lockPogs(tx, [pog, null]);
  await lockActor(tx, user, 'share', [asUserId(6)]);
  await lockPlayers(tx, [{ id: user, mode: 'limits' }]);
  await assertUnderDailyLimit(tx, user, now);
  // @ts-expect-error lockTrade(tx, battleId): a battle id where the trade id goes
  await lockTrade(tx, battle);
  // @ts-expect-error lockBattleRow(tx, tradeId)
  await lockBattleRow(tx, trade);
  // @ts-expect-error POGs are locked by POG id, not by their owner's
  await lockPogs(tx, [user]);
  // @ts-expect-error the acting player is a user id, not a POG id
  await lockActor(tx, pog);
  // @ts-expect-error the other players are user ids too
  await lockActor(tx, user, 'share', [pog]);
  // @ts-expect-error a player's row is locked by user id
  await lockPlayers(tx, [{ id: 7, mode: 'share' }]);
  const locked = await lockPogs(tx, [pog]);
  // @ts-expect-error the map the lock answers is keyed by POG id
  locked.get(user);
}

export function jobPayloadsTakeTheirOwnIds(): void {
  const resolve: JobPayload<'battle.resolve'> = { battleId: battle, actorId: user };
  const score: JobPayload<'pog.score'> = { pogId: pog, version: 1 };
  const welcome: JobPayload<'user.welcome'> = { userId: user };
  const check: JobPayload<'achievements.check'> = { userIds: [user] };
  // @ts-expect-error battleId and actorId swapped
  const swapped: JobPayload<'battle.resolve'> = { battleId: user, actorId: battle };
  // @ts-expect-error a trade id where the POG id goes
  const wrongPog: JobPayload<'pog.score'> = { pogId: trade, version: 1 };
  // @ts-expect-error a plain number is not a user id
  const plain: JobPayload<'user.welcome'> = { userId: 8 };
  // @ts-expect-error the players to check are user ids
  const pogsAsPlayers: JobPayload<'achievements.check'> = { userIds: [pog] };
  uow.enqueue('battle.resolve', { battleId: battle, actorId: null });
  // @ts-expect-error a POG id where the battle id goes
  uow.enqueue('battle.resolve', { battleId: pog, actorId: null });
  void [resolve, score, welcome, check, swapped, wrongPog, plain, pogsAsPlayers];
}

export function eventsAndColumnsTakeTheirOwnIds(row: TradeRow): void {
  uow.toUser(row.fromUserId, 'session:revoked', { reason: 'test' });
  uow.revokeUser(user, 'test');
  // @ts-expect-error a trade's id is not a user to send an event to
  uow.toUser(row.id, 'session:revoked', { reason: 'test' });
  // @ts-expect-error nor is a POG id
  uow.revokeUser(pog, 'test');
  const tradeId: typeof trade = row.id;
  // @ts-expect-error the offered POG's column is a POG id, not a user id
  const owner: typeof user = row.offerPogId!;
  void [tradeId, owner];
}

const conversation = asConversationId(1);
const session = asAdminSessionId(9);

export async function conversationsTakeTheirOwnIds(): Promise<void> {
  await chatHistory(db, user, conversation, 10);
  await chatHistory(db, user, CHAT.conversationId, 10);
  await buildChatPrompt(db, user, conversation, 'hi', now);
  // @ts-expect-error chatHistory(db, conversationId, userId): the player and the conversation swapped
  await chatHistory(db, conversation, user, 10);
  // @ts-expect-error a user id is not a conversation id
  await buildChatPrompt(db, user, user, 'hi', now);
  // @ts-expect-error a plain number is not a conversation id until named one
  await chatHistory(db, user, 1, 10);
  const exchange = { userId: user, requestId: 'r-1', question: 'q', answer: 'a', offline: false, askedAt: now, answeredAt: now };
  await storeExchange(db, { ...exchange, conversationId: conversation });
  // @ts-expect-error the exchange's conversation is a conversation id, not the player's
  await storeExchange(db, { ...exchange, conversationId: user });
  const reply: JobPayload<'chat.reply'> = { userId: user, conversationId: conversation, requestId: 'r-1', message: 'q' };
  // @ts-expect-error userId and conversationId swapped
  const swapped: JobPayload<'chat.reply'> = { userId: conversation, conversationId: user, requestId: 'r-1', message: 'q' };
  void [reply, swapped];
}

export async function adminSessionsAndTargetsAreTyped(): Promise<void> {
  const notes = null;
  const targetName = null;
  const actor = adminActor({ adminSessionId: session, adminPlayerId: user });
  await recordAudit(tx, { actor, action: 'deleted', target: { type: 'pog', id: pog }, targetName, notes }, now);
  await recordAudit(tx, { actor, action: 'banned', target: { type: 'user', id: user }, targetName, notes }, now);
  // @ts-expect-error a POG id is not a player target
  await recordAudit(tx, { actor, action: 'banned', target: { type: 'user', id: pog }, targetName, notes }, now);
  // @ts-expect-error a user id is not a POG target
  await recordAudit(tx, { actor, action: 'deleted', target: { type: 'pog', id: user }, targetName, notes }, now);
  // @ts-expect-error the admin session is not a player
  await recordAudit(tx, { actor: { kind: 'admin', adminSessionId: user }, action: 'deleted', target: { type: 'pog', id: pog }, targetName, notes }, now);
  // @ts-expect-error adminActor with the admin session and the player beside it swapped
  adminActor({ adminSessionId: user, adminPlayerId: session });
  // @ts-expect-error a reporting player is named by user id, not by the POG they reported
  await recordAudit(tx, { actor: { kind: 'player', userId: pog }, action: 'reported', target: { type: 'pog', id: pog }, targetName, notes }, now);
  await listAudit(db, { target: { type: 'pog', id: pog }, limit: 10 });
  // @ts-expect-error the audit of a POG is read by POG id
  await listAudit(db, { target: { type: 'pog', id: user }, limit: 10 });
  await deletePogAsAdmin(db, { pogId: pog, adminSessionId: session }, now);
  // @ts-expect-error an admin session id where the POG id goes, and a POG id for the session
  await deletePogAsAdmin(db, { pogId: session, adminSessionId: pog }, now);
  await moderatePog(db, { pogId: pog, decision: 'approved', notes, adminSessionId: session }, now);
  const ban = { isBanned: true, banReason: 'rude' };
  await moderateUser(db, { ...ban, userId: user, adminSessionId: session }, now);
  // @ts-expect-error moderateUser with the player and the admin session swapped
  await moderateUser(db, { ...ban, userId: session, adminSessionId: user }, now);
  mayModerate({ adminSessionId: session });
  // @ts-expect-error a player's id does not open moderation
  mayModerate({ adminSessionId: user });
}

export function columnsTakeTheirOwnIds(admin: AdminSessionRow, line: ModerationAuditRow, message: ChatMessageRow): void {
  const sessionId: typeof session = admin.id;
  const lineSession: typeof session | null = line.adminSessionId;
  const conversationId: typeof conversation = message.conversationId;
  // @ts-expect-error an audit line's target may be a POG: not a user id until its type says so
  const targetUser: typeof user = line.targetId;
  // @ts-expect-error an admin session's id is not a user id
  const sessionUser: typeof user = admin.id;
  // @ts-expect-error an audit line's admin session is not its acting player
  const actorUser: typeof user | null = line.adminSessionId;
  const actorPlayer: typeof user | null = line.actorUserId;
  // @ts-expect-error a conversation id is not a user id
  const conversationUser: typeof user = message.conversationId;
  void [sessionId, lineSession, conversationId, targetUser, sessionUser, conversationUser, actorUser, actorPlayer];
}

export async function outboxJobsAndClaimsTakeTheirOwnIds(): Promise<void> {
  await markJobDone(db, asOutboxJobId(1));
  await releaseJobs(db, [asOutboxJobId(2)]);
  // @ts-expect-error a plain number is not an outbox job id
  await markJobDone(db, 3);
  // @ts-expect-error nor is a user id
  await releaseJobs(db, [user]);
  authorizeActingAs({ id: user }, user, 'sender');
  // @ts-expect-error the id a client claims to be is a user id, not a POG id
  authorizeActingAs({ id: user }, pog, 'sender');
}
