/**
 * The Drizzle schema. It mirrors the SQL migrations in ./migrations, which are the source of truth
 * for the database itself (they run unchanged on PGlite and on PostgreSQL 15 to 18).
 */
import { sql } from 'drizzle-orm';
import type { AdminSessionId, BattleId, ConversationId, NotificationId, PogId, TradeId, UserId } from '@pog/common/schemas/ids';
import { FLAG_CAUSES } from '@pog/common/moderation/flag-reason';
import { AUDIT_ACTOR_KINDS, MODERATION_AUDIT_ACTIONS } from '@pog/common/moderation/schemas';
import type { RollVersion } from '@pog/common/battles/schemas';
import { bigint, boolean, date, index, integer, jsonb, pgTable, primaryKey, real, text, timestamp, uniqueIndex, type AnyPgColumn } from 'drizzle-orm/pg-core';

const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();

export const users = pgTable(
  'users',
  {
    id: integer('id').$type<UserId>().primaryKey().generatedAlwaysAsIdentity(),
    username: text('username').notNull(),
    displayName: text('display_name').notNull(),
    passwordHash: text('password_hash').notNull(),
    avatarColor: text('avatar_color').notNull().default('#6366F1'),
    role: text('role', { enum: ['admin', 'user'] }).notNull().default('user'),
    isBanned: boolean('is_banned').notNull().default(false),
    banReason: text('ban_reason'),
    lastModeratedAt: timestamp('last_moderated_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('users_username_lower_key').on(sql`lower(${t.username})`),
    // Lower-cased, as ILIKE compares them: a search checks its candidates by LIKE (db/like.ts, foldedLike).
    index('users_username_folded_trgm_idx').using('gin', sql`lower(${t.username}) gin_trgm_ops`),
    index('users_display_name_folded_trgm_idx').using('gin', sql`lower(${t.displayName}) gin_trgm_ops`),
    // Characters and pairs of them, for search terms without a trigram (migration 0028).
    index('users_search_grams_idx').using('gin', sql`search_grams(${t.username} || E'\\n' || ${t.displayName})`),
    // Also INCLUDE (id, username, display_name, is_banned): the searched lists read players in name
    // order from the index alone, the display name lower-cased as ILIKE compares it (migration 0032;
    // Drizzle cannot declare INCLUDE).
    index('users_name_search_idx').on(sql`lower(${t.username})`, sql`lower(${t.displayName})`),
  ],
);

/** How many POGs each player holds, kept by the units of work that move POGs (migration 0011). */
export const playerCounts = pgTable('player_counts', {
  userId: integer('user_id').$type<UserId>()
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  pogsHeld: integer('pogs_held').notNull().default(0),
});

export const sessions = pgTable(
  'sessions',
  {
    /** SHA-256 of the cookie's token: a leaked table cannot be replayed as cookies. */
    tokenHash: text('token_hash').primaryKey(),
    userId: integer('user_id').$type<UserId>().references(() => users.id, { onDelete: 'cascade' }),
    data: jsonb('data').$type<Record<string, unknown>>().notNull(),
    createdAt: createdAt(),
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('sessions_user_id_idx').on(t.userId), index('sessions_expires_at_idx').on(t.expiresAt)],
);

export const notifications = pgTable(
  'notifications',
  {
    id: integer('id').$type<NotificationId>().primaryKey().generatedAlwaysAsIdentity(),
    userId: integer('user_id').$type<UserId>()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: text('kind').notNull(),
    title: text('title').notNull(),
    body: text('body').notNull(),
    link: text('link'),
    /** Makes job retries harmless: one notification per (user, key). */
    dedupeKey: text('dedupe_key'),
    readAt: timestamp('read_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    index('notifications_user_id_id_idx').on(t.userId, t.id),
    uniqueIndex('notifications_user_dedupe_key').on(t.userId, t.dedupeKey),
  ],
);

/** Small key/value facts the system keeps for itself (the admin password hash). */
export const settings = pgTable('settings', {
  key: text('key').primaryKey(),
  value: text('value').notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

export type UserRow = typeof users.$inferSelect;
export type NotificationRow = typeof notifications.$inferSelect;

export const uploads = pgTable(
  'uploads',
  {
    filename: text('filename').primaryKey(),
    userId: integer('user_id').$type<UserId>().references(() => users.id, { onDelete: 'set null' }),
    contentType: text('content_type').notNull(),
    bytes: integer('bytes').notNull(),
    width: integer('width').notNull(),
    height: integer('height').notNull(),
    imageHash: text('image_hash').notNull(),
    imageDetail: real('image_detail').notNull(),
    createdAt: createdAt(),
    /** When a POG first named this picture (a trigger sets it); never-used pictures are swept (migrations/0018_upload_use.sql). */
    usedAt: timestamp('used_at', { withTimezone: true }),
  },
  (t) => [index('uploads_unused_idx').on(t.createdAt).where(sql`used_at IS NULL`)],
);

export const pogs = pgTable(
  'pogs',
  {
    id: integer('id').$type<PogId>().primaryKey().generatedAlwaysAsIdentity(),
    userId: integer('user_id').$type<UserId>()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    creatorId: integer('creator_id').$type<UserId>()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    textContent: text('text_content').notNull().default(''),
    fontFamily: text('font_family').notNull().default('Bangers'),
    textColor: text('text_color').notNull().default('#FFFFFF'),
    backgroundColor1: text('background_color1').notNull().default('#6366F1'),
    backgroundColor2: text('background_color2').notNull().default('#EC4899'),
    imageUrl: text('image_url').notNull().default(''),
    imageStyle: text('image_style', { enum: ['cover', 'contain', 'fill'] }).notNull().default('cover'),
    imageHash: text('image_hash'),
    hashC0: integer('hash_c0'),
    hashC1: integer('hash_c1'),
    hashC2: integer('hash_c2'),
    hashC3: integer('hash_c3'),
    imageDetail: real('image_detail'),
    colourPairKey: text('colour_pair_key').notNull().default(''),
    textKey: text('text_key').notNull().default(''),
    rarity: text('rarity', { enum: ['common', 'uncommon', 'rare', 'epic', 'legendary'] }).notNull().default('common'),
    score: real('score'),
    points: integer('points'),
    harmony: real('harmony'),
    uniqueness: real('uniqueness'),
    complexity: real('complexity'),
    designVersion: integer('design_version').notNull().default(1),
    scoredVersion: integer('scored_version'),
    scoredAt: timestamp('scored_at', { withTimezone: true }),
    requestedMaxTrades: integer('requested_max_trades'),
    maxTrades: integer('max_trades').notNull(),
    tradesRemaining: integer('trades_remaining').notNull(),
    cooldownUntil: timestamp('cooldown_until', { withTimezone: true }),
    /** Whether it ever changed hands (trade or battle): its design is frozen from then on. */
    changedHands: boolean('changed_hands').notNull().default(false),
    isFlagged: boolean('is_flagged').notNull().default(false),
    isApproved: boolean('is_approved').notNull().default(false),
    moderationStatus: text('moderation_status', { enum: ['none', 'approved', 'rejected'] }).notNull().default('none'),
    moderationNotes: text('moderation_notes'),
    lastModeratedAt: timestamp('last_moderated_at', { withTimezone: true }),
    /** Why it was last flagged (migrations/0019_moderation_reasons.sql). */
    flagCause: text('flag_cause', { enum: FLAG_CAUSES }),
    flagWord: text('flag_word'),
    flagRepeatsPogId: integer('flag_repeats_pog_id').$type<PogId>(),
    /** How many players reported it (one report each), kept by the report's unit of work (migrations/0025_report_weight.sql). */
    reportCount: integer('report_count').notNull().default(0),
    /** Reported by enough players while awaiting a decision: hidden from all but its owner until a moderator decides. */
    hiddenByReports: boolean('hidden_by_reports').notNull().default(false),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('pogs_user_id_idx').on(t.userId, t.id),
    index('pogs_creator_id_idx').on(t.creatorId, t.id),
    index('pogs_name_trgm_idx').using('gin', t.name.op('gin_trgm_ops')),
    index('pogs_text_content_trgm_idx').using('gin', t.textContent.op('gin_trgm_ops')),
    index('pogs_search_grams_idx').using('gin', sql`search_grams(${t.name} || E'\\n' || ${t.textContent})`),
    index('pogs_awaiting_review_idx').on(t.id).where(sql`${t.isFlagged} AND ${t.moderationStatus} <> 'rejected'`),
    index('pogs_review_by_reports_idx').on(t.reportCount, t.id).where(sql`${t.isFlagged} AND ${t.moderationStatus} <> 'rejected'`),
    index('pogs_hidden_by_reports_idx').on(t.userId, t.id).where(sql`${t.hiddenByReports}`),
  ],
);

export const pogCreations = pgTable('pog_creations', {
  id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
  userId: integer('user_id').$type<UserId>()
    .notNull()
    .references(() => users.id, { onDelete: 'cascade' }),
  pogId: integer('pog_id').$type<PogId>(),
  /** 'edited': an edit that changed a design (counts for the cooldown and the daily limit only). */
  kind: text('kind', { enum: ['created', 'edited'] }).notNull().default('created'),
  createdAt: createdAt(),
});

export type PogRow = typeof pogs.$inferSelect;
export type UploadRow = typeof uploads.$inferSelect;

/** Completed achievements, recorded once (mirrors migrations/0008_achievements.sql). */
export const userAchievements = pgTable(
  'user_achievements',
  {
    userId: integer('user_id').$type<UserId>()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    achievementId: text('achievement_id').notNull(),
    completedAt: timestamp('completed_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.achievementId] })],
);

export const trades = pgTable(
  'trades',
  {
    id: integer('id').$type<TradeId>().primaryKey().generatedAlwaysAsIdentity(),
    fromUserId: integer('from_user_id').$type<UserId>()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    toUserId: integer('to_user_id').$type<UserId>()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    offerPogId: integer('offer_pog_id').$type<PogId>().references(() => pogs.id, { onDelete: 'set null' }),
    requestPogId: integer('request_pog_id').$type<PogId>().references(() => pogs.id, { onDelete: 'set null' }),
    status: text('status', { enum: ['pending', 'accepted', 'rejected', 'cancelled', 'expired', 'countered'] }).notNull().default('pending'),
    cancelReason: text('cancel_reason'),
    createdAt: createdAt(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
    /** The trade this one counters (migrations/0013_ladder.sql): it ended as 'countered'. */
    counterOf: integer('counter_of').$type<TradeId>().references((): AnyPgColumn => trades.id, { onDelete: 'set null' }),
  },
  (t) => [
    uniqueIndex('trades_one_pending_offer').on(t.fromUserId, t.offerPogId, t.requestPogId).where(sql`status = 'pending'`),
    index('trades_from_user_idx').on(t.fromUserId, t.id),
    index('trades_to_user_idx').on(t.toUserId, t.id),
    index('trades_sent_today_idx').on(t.fromUserId, t.createdAt),
    index('trades_pending_offer_pog_idx').on(t.offerPogId).where(sql`status = 'pending'`),
    index('trades_pending_request_pog_idx').on(t.requestPogId).where(sql`status = 'pending'`),
    index('trades_pending_expiry_idx').on(t.expiresAt).where(sql`status = 'pending'`),
    uniqueIndex('trades_counter_of_key').on(t.counterOf),
  ],
);

export type TradeRow = typeof trades.$inferSelect;

/** Sessions of the admin area (shared password), apart from player sessions. */
export const adminSessions = pgTable(
  'admin_sessions',
  {
    id: integer('id').$type<AdminSessionId>().primaryKey().generatedAlwaysAsIdentity(),
    tokenHash: text('token_hash').notNull().unique(),
    createdAt: createdAt(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('admin_sessions_expires_at_idx').on(t.expiresAt)],
);

export const moderationAudit = pgTable(
  'moderation_audit',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    actorKind: text('actor_kind', { enum: AUDIT_ACTOR_KINDS }).notNull(),
    /** Set exactly when an admin acted (actor_kind 'admin'). */
    adminSessionId: integer('admin_session_id').$type<AdminSessionId>(),
    adminSessionStartedAt: timestamp('admin_session_started_at', { withTimezone: true }),
    actorUserId: integer('actor_user_id').$type<UserId>(),
    actorName: text('actor_name'),
    action: text('action', { enum: MODERATION_AUDIT_ACTIONS }).notNull(),
    targetType: text('target_type', { enum: ['pog', 'user'] }).notNull(),
    /** A POG's id or a player's, as `targetType` says (recordAudit writes both from one typed target). */
    targetId: integer('target_id').$type<PogId | UserId>().notNull(),
    targetName: text('target_name'),
    notes: text('notes'),
    flagCause: text('flag_cause', { enum: FLAG_CAUSES }),
    flagWord: text('flag_word'),
    flagRepeatsPogId: integer('flag_repeats_pog_id').$type<PogId>(),
    createdAt: createdAt(),
  },
  (t) => [
    index('moderation_audit_target_idx').on(t.targetType, t.targetId, t.id),
    index('moderation_audit_action_idx').on(t.action, t.id),
    index('moderation_audit_admin_session_idx').on(t.adminSessionId, t.id).where(sql`admin_session_id IS NOT NULL`),
    index('moderation_audit_actor_user_idx').on(t.actorUserId, t.id).where(sql`actor_user_id IS NOT NULL`),
    index('moderation_audit_target_id_idx').on(t.targetId, t.id),
    index('moderation_audit_created_at_idx').on(t.createdAt),
  ],
);

/** Who is reviewing a POG or a player (migration 0021): one row per target, free once `expiresAt` has passed. */
export const moderationClaims = pgTable(
  'moderation_claims',
  {
    targetType: text('target_type', { enum: ['pog', 'user'] }).notNull(),
    /** A POG's id or a player's, as `targetType` says (written from one typed target). */
    targetId: integer('target_id').$type<PogId | UserId>().notNull(),
    adminSessionId: integer('admin_session_id').$type<AdminSessionId>()
      .notNull()
      .references(() => adminSessions.id, { onDelete: 'cascade' }),
    adminUserId: integer('admin_user_id').$type<UserId>(),
    adminName: text('admin_name'),
    claimedAt: timestamp('claimed_at', { withTimezone: true }).notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.targetType, t.targetId] }),
    index('moderation_claims_expires_at_idx').on(t.expiresAt),
    index('moderation_claims_admin_session_idx').on(t.adminSessionId),
  ],
);

export const pogReports = pgTable(
  'pog_reports',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    pogId: integer('pog_id').$type<PogId>()
      .notNull()
      .references(() => pogs.id, { onDelete: 'cascade' }),
    userId: integer('user_id').$type<UserId>()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    reason: text('reason').notNull(),
    createdAt: createdAt(),
    /** When a moderator's decision answered it (its reporter was told then); null while open. */
    resolvedAt: timestamp('resolved_at', { withTimezone: true }),
  },
  (t) => [uniqueIndex('pog_reports_pog_id_user_id_key').on(t.pogId, t.userId)],
);

export type AdminSessionRow = typeof adminSessions.$inferSelect;
export type ModerationAuditRow = typeof moderationAudit.$inferSelect;
export type ModerationClaimRow = typeof moderationClaims.$inferSelect;

export const battles = pgTable(
  'battles',
  {
    id: integer('id').$type<BattleId>().primaryKey().generatedAlwaysAsIdentity(),
    status: text('status', { enum: ['pending', 'accepted', 'completed', 'declined', 'cancelled', 'expired'] }).notNull().default('pending'),
    battleType: text('battle_type', { enum: ['standard', 'championship', 'flip'] }).notNull(),
    challengerId: integer('challenger_id').$type<UserId>()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    defenderId: integer('defender_id').$type<UserId>()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    challengerPogId: integer('challenger_pog_id').$type<PogId>().references(() => pogs.id, { onDelete: 'set null' }),
    defenderPogId: integer('defender_pog_id').$type<PogId>().references(() => pogs.id, { onDelete: 'set null' }),
    challengerRarity: text('challenger_rarity', { enum: ['common', 'uncommon', 'rare', 'epic', 'legendary'] }),
    defenderRarity: text('defender_rarity', { enum: ['common', 'uncommon', 'rare', 'epic', 'legendary'] }),
    /** Secret until the battle is completed; only its hash is published before. */
    seed: text('seed').notNull(),
    seedHash: text('seed_hash').notNull(),
    /** The rule the rolls follow (battles/rolls.ts): 1 without the players' seeds, 2 with them. */
    rollVersion: integer('roll_version').$type<RollVersion>().notNull().default(1),
    /** Each player's own seed, public once given: the challenger's at creation, the defender's at acceptance. */
    challengerSeed: text('challenger_seed'),
    defenderSeed: text('defender_seed'),
    rounds: jsonb('rounds').$type<import('@pog/common/battles/schemas').BattleRound[]>(),
    challengerRoll: integer('challenger_roll'),
    defenderRoll: integer('defender_roll'),
    winnerId: integer('winner_id').$type<UserId>().references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    acceptedAt: timestamp('accepted_at', { withTimezone: true }),
    completedAt: timestamp('completed_at', { withTimezone: true }),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('battles_open_challenger_pog_key').on(t.challengerPogId).where(sql`status IN ('pending', 'accepted')`),
    uniqueIndex('battles_open_defender_pog_key').on(t.defenderPogId).where(sql`status IN ('pending', 'accepted')`),
    index('battles_challenger_idx').on(t.challengerId, t.id),
    index('battles_defender_idx').on(t.defenderId, t.id),
    index('battles_winner_idx').on(t.winnerId).where(sql`status = 'completed'`),
    index('battles_unanswered_idx').on(t.challengerId, t.defenderId, t.updatedAt).where(sql`status IN ('cancelled', 'declined') AND accepted_at IS NULL`),
  ],
);

export type BattleRow = typeof battles.$inferSelect;

/** PogBot conversations: a question and its answer, stored together once the answer is complete. */
export const chatMessages = pgTable(
  'chat_messages',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    userId: integer('user_id').$type<UserId>()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    conversationId: integer('conversation_id').$type<ConversationId>().notNull(),
    role: text('role', { enum: ['user', 'assistant'] }).notNull(),
    content: text('content').notNull(),
    offline: boolean('offline').notNull().default(false),
    requestId: text('request_id').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    index('chat_messages_conversation_idx').on(t.userId, t.conversationId, t.id),
    uniqueIndex('chat_messages_request_key').on(t.userId, t.requestId, t.role),
  ],
);

export type ChatMessageRow = typeof chatMessages.$inferSelect;

/** Events written in the transaction that caused them, relayed after commit (mirrors migrations/0009_outbox.sql). */
export const outboxEvents = pgTable(
  'outbox_events',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    /** 'user:<id>', 'admins' or 'cluster'. */
    stream: text('stream').notNull(),
    name: text('name').notNull(),
    payload: jsonb('payload').notNull(),
    /** Global delivery order, given by the sequencer after commit. */
    seq: bigint('seq', { mode: 'number' }),
    /** Position in the stream, given with seq. */
    position: bigint('position', { mode: 'number' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().default(sql`clock_timestamp()`),
    sequencedAt: timestamp('sequenced_at', { withTimezone: true }),
  },
  (t) => [
    index('outbox_events_unsequenced_idx').on(t.id).where(sql`seq IS NULL`),
    uniqueIndex('outbox_events_seq_key').on(t.seq),
    uniqueIndex('outbox_events_stream_position_key').on(t.stream, t.position),
  ],
);

export const outboxStreams = pgTable('outbox_streams', {
  stream: text('stream').primaryKey(),
  position: bigint('position', { mode: 'number' }).notNull(),
});

export const outboxState = pgTable('outbox_state', {
  id: integer('id').primaryKey(),
  lastSeq: bigint('last_seq', { mode: 'number' }).notNull(),
});

/** The sequencer's lease: which relay sequences the outbox, in which epoch, until when (mirrors migrations/0017_outbox_sequencer_lease.sql). */
export const outboxSequencer = pgTable('outbox_sequencer', {
  id: integer('id').primaryKey(),
  /** The holding relay's origin; null before anyone took it. */
  holder: text('holder'),
  /** One more at each taking (the fencing token). */
  epoch: bigint('epoch', { mode: 'number' }).notNull(),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  takenAt: timestamp('taken_at', { withTimezone: true }),
});

/** Follow-up jobs written with the change that caused them; handed to the queue after commit. */
export const outboxJobs = pgTable(
  'outbox_jobs',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    name: text('name').notNull(),
    payload: jsonb('payload').notNull(),
    attempts: integer('attempts'),
    /** The relay of the process that wrote the row. */
    origin: text('origin'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().default(sql`clock_timestamp()`),
    deliveredAt: timestamp('delivered_at', { withTimezone: true }),
    doneAt: timestamp('done_at', { withTimezone: true }),
  },
  (t) => [index('outbox_jobs_open_idx').on(t.id).where(sql`done_at IS NULL`)],
);

export type OutboxEventRow = typeof outboxEvents.$inferSelect;
export type OutboxJobRow = typeof outboxJobs.$inferSelect;

/** A POG's story, one row per event, written with the event (mirrors migrations/0012_provenance.sql). */
export const pogHistory = pgTable(
  'pog_history',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    pogId: integer('pog_id').$type<PogId>()
      .notNull()
      .references(() => pogs.id, { onDelete: 'cascade' }),
    kind: text('kind', { enum: ['created', 'traded', 'battled', 'moderated'] }).notNull(),
    tradeId: integer('trade_id').$type<TradeId>().references(() => trades.id, { onDelete: 'set null' }),
    battleId: integer('battle_id').$type<BattleId>().references(() => battles.id, { onDelete: 'set null' }),
    details: jsonb('details').$type<import('@pog/common/provenance/schemas').HistoryDetails>().notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    index('pog_history_pog_idx').on(t.pogId, t.id),
    uniqueIndex('pog_history_trade_key').on(t.pogId, t.tradeId).where(sql`trade_id IS NOT NULL`),
    uniqueIndex('pog_history_battle_key').on(t.pogId, t.battleId).where(sql`battle_id IS NOT NULL`),
  ],
);

export type PogHistoryRow = typeof pogHistory.$inferSelect;

/**
 * Each player's standing on the leaderboards, kept by triggers (migrations/0013_ladder.sql): one
 * row per player for all time (period '-infinity', ALL_TIME_PERIOD) and one per UTC week they did
 * something in (period: the week's Monday, holding what changed that week).
 */
export const playerStandings = pgTable(
  'player_standings',
  {
    period: date('period', { mode: 'string' }).notNull(),
    userId: integer('user_id').$type<UserId>()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** False while the player is banned: left off the boards. */
    listed: boolean('listed').notNull().default(true),
    collectionValue: bigint('collection_value', { mode: 'number' }).notNull().default(0),
    wins: integer('wins').notNull().default(0),
    battles: integer('battles').notNull().default(0),
    trades: integer('trades').notNull().default(0),
    designPoints: bigint('design_points', { mode: 'number' }).notNull().default(0),
  },
  (t) => [
    primaryKey({ columns: [t.period, t.userId] }),
    index('player_standings_value_idx').on(t.period, sql`${t.collectionValue} DESC`, t.userId).where(sql`listed AND collection_value > 0`),
    index('player_standings_wins_idx').on(t.period, sql`${t.wins} DESC`, t.userId).where(sql`listed AND wins > 0`),
    index('player_standings_win_rate_idx').on(t.period, sql`((wins::float8 / battles)) DESC`, t.userId).where(sql`listed AND battles >= 5`),
    index('player_standings_trades_idx').on(t.period, sql`${t.trades} DESC`, t.userId).where(sql`listed AND trades > 0`),
    index('player_standings_design_idx').on(t.period, sql`${t.designPoints} DESC`, t.userId).where(sql`listed AND design_points > 0`),
    index('player_standings_user_idx').on(t.userId),
  ],
);

export type PlayerStandingRow = typeof playerStandings.$inferSelect;

/** A player's standing in one weekly arena (migrations/0024_arena.sql; week: its Monday). */
export const arenaStandings = pgTable(
  'arena_standings',
  {
    week: date('week', { mode: 'string' }).notNull(),
    userId: integer('user_id').$type<UserId>()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    points: integer('points').notNull().default(0),
    wins: integer('wins').notNull().default(0),
    battles: integer('battles').notNull().default(0),
    /** Consecutive scoring wins up to now; a scoring loss sets it to 0. */
    streak: integer('streak').notNull().default(0),
  },
  (t) => [
    primaryKey({ columns: [t.week, t.userId] }),
    index('arena_standings_points_idx').on(t.week, sql`${t.points} DESC`, t.userId).where(sql`points > 0`),
    index('arena_standings_user_idx').on(t.userId),
  ],
);

/** What one battle gave one player in the arena: one row per player per battle, written once. */
export const arenaResults = pgTable(
  'arena_results',
  {
    battleId: integer('battle_id').$type<BattleId>().notNull(),
    userId: integer('user_id').$type<UserId>()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    opponentId: integer('opponent_id').$type<UserId>().notNull(),
    week: date('week', { mode: 'string' }).notNull(),
    day: date('day', { mode: 'string' }).notNull(),
    won: boolean('won').notNull(),
    /** False for a pair's battles past the daily cap: no points, streaks untouched. */
    counted: boolean('counted').notNull(),
    points: integer('points').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.battleId, t.userId] }),
    index('arena_results_pair_day_idx').on(t.userId, t.day, t.opponentId).where(sql`counted`),
  ],
);

/** Another player's POG a player wants (migrations/0026_have_want.sql). */
export const pogWants = pgTable(
  'pog_wants',
  {
    userId: integer('user_id').$type<UserId>()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    pogId: integer('pog_id').$type<PogId>()
      .notNull()
      .references(() => pogs.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.pogId] }), index('pog_wants_pog_idx').on(t.pogId, t.userId)],
);

/** A POG its owner put up for trade; `userId` is that owner (a row naming anyone else counts for nothing). */
export const pogHaves = pgTable(
  'pog_haves',
  {
    pogId: integer('pog_id').$type<PogId>()
      .primaryKey()
      .references(() => pogs.id, { onDelete: 'cascade' }),
    userId: integer('user_id').$type<UserId>()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
  },
  (t) => [index('pog_haves_user_idx').on(t.userId, t.pogId)],
);

/**
 * What changed on Explore's list, by the transaction that changed it (written by triggers on pogs and
 * users; mirrors migrations/0027_pog_list_changes.sql; read by pogs/list-changes.ts).
 */
export const pogListChanges = pgTable(
  'pog_list_changes',
  {
    /** The writing transaction's id (pg_current_xact_id). */
    xid: bigint('xid', { mode: 'number' }).notNull().default(sql`(pg_current_xact_id()::text::bigint)`),
    /** Null: every page (a player's name changed). */
    pogId: integer('pog_id').$type<PogId>(),
    /** coalesce(points, 0) after the change: the trending sort key with the id. */
    sortPoints: integer('sort_points').notNull().default(0),
    /** Listed after the change (not rejected, not hidden by reports); false for a deleted POG. */
    listed: boolean('listed').notNull().default(false),
    /** The creator and rarity after the change (the list's filters); null for a deleted POG. */
    creatorId: integer('creator_id').$type<UserId>(),
    rarity: text('rarity'),
    changedAt: timestamp('changed_at', { withTimezone: true }).notNull().default(sql`clock_timestamp()`),
  },
  (t) => [index('pog_list_changes_xid_idx').on(t.xid)],
);

/**
 * What changed on the player lists, by the transaction that changed it (written by triggers on users
 * and player_counts; mirrors migrations/0031_player_list_changes.sql; read by users/list-changes.ts).
 */
export const playerListChanges = pgTable(
  'player_list_changes',
  {
    /** The writing transaction's id (pg_current_xact_id). */
    xid: bigint('xid', { mode: 'number' }).notNull().default(sql`(pg_current_xact_id()::text::bigint)`),
    /** Null: every page. */
    userId: integer('user_id').$type<UserId>(),
    /** The player's list key, lower(username), after the change (null when deleted)... */
    nameKey: text('name_key'),
    /** ...and before it, when a row was deleted or renamed. */
    oldNameKey: text('old_name_key'),
    changedAt: timestamp('changed_at', { withTimezone: true }).notNull().default(sql`clock_timestamp()`),
  },
  (t) => [index('player_list_changes_xid_idx').on(t.xid)],
);
