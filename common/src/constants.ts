/**
 * Every game number of decisions.md, in one place. The server enforces them, the web app mirrors
 * them, and the help dialog and PogBot's guide quote them from here.
 */
import type { ConversationId } from './schemas/ids';

export const BRAND = 'Pog Federation';

export const RARITIES = ['common', 'uncommon', 'rare', 'epic', 'legendary'] as const;
export type Rarity = (typeof RARITIES)[number];

export const LIMITS = {
  collectionLimit: 6,
  dailyCreationLimit: 5,
  creationCooldownSeconds: 60,
  /** A player with this many creations and no rejected POG waits the shorter cooldown. */
  trustedCreatorThreshold: 10,
  trustedCreationCooldownSeconds: 30,
  dailyTradeLimit: 10,
  creatorLevelCreations: 20,
} as const;

/** Completed trades a POG can take part in, by rarity. */
export const TRADE_SUPPLY: Record<Rarity, number> = { common: 15, uncommon: 10, rare: 7, epic: 4, legendary: 2 };

/** Minutes a POG rests after a completed trade, by rarity. */
export const TRADE_COOLDOWN_MINUTES: Record<Rarity, number> = { common: 2, uncommon: 5, rare: 10, epic: 20, legendary: 30 };

export const BATTLE_ROLL = { min: 1, max: 100 } as const;
export const BATTLE_BONUS: Record<Rarity, number> = { common: 0, uncommon: 1, rare: 2, epic: 3, legendary: 5 };
export const BATTLE_TYPES = ['standard', 'championship', 'flip'] as const;
export type BattleType = (typeof BATTLE_TYPES)[number];

/**
 * Challenges to one player that may end unanswered (cancelled, or declined) within an hour; past
 * that the challenger waits, so that nobody can flood a player with challenges and their notices.
 */
export const CHALLENGES = { unansweredPerPlayerPerHour: 5 } as const;

export const EXPIRY = {
  tradeDays: 7,
  pendingBattleHours: 24,
  acceptedBattleHours: 24,
} as const;

export const AUTH = {
  usernameMin: 3,
  usernameMax: 32,
  passwordMin: 6,
  passwordMax: 128,
  sessionIdleDays: 30,
  /**
   * A cookie the page's scripts can read, '1' while this browser holds a player session: set and
   * cleared by the server beside the HttpOnly session cookie. Only a guess for the client (which list
   * to start before GET /api/user answers); the server never reads it for anything.
   */
  signedInHintCookie: 'pf.signed-in',
  loginFailuresPerUsername: 10,
  loginFailuresPerAddress: 30,
  loginWindowMinutes: 15,
  registrationsPerAddressPerHour: 100,
  adminFailuresPerAddress: 5,
  adminSessionHours: 12,
} as const;

/** Reports a player may file in an hour (each POG once): enough for anyone who reports what they see. */
export const REPORTS = { perPlayerPerHour: 20 } as const;

export const UPLOAD = {
  maxBytes: 25 * 1024 * 1024,
  /** An upload that sends nothing for this long is ended (a stalled client holds a socket and a file). */
  idleTimeoutMs: 30_000,
  maxPixels: 50_000_000,
  maxSide: 1024,
  jpegQuality: 0.85,
  cropZoomMin: 1,
  cropZoomMax: 3,
  cropZoomStep: 0.1,
} as const;

/** The answer to an upload over UPLOAD.maxBytes, whoever notices first (the gateway or the worker). */
export const TOO_LARGE_FILE_MESSAGE = 'Image size should be less than 25MB';

export const DISPLAY = {
  studioPogs: 4,
  studioTrades: 2,
  gridSkeletons: 10,
  clickThrottleMs: 300,
  lazyLoadMarginPx: 100,
  toastDurationMs: 5_000,
  toastSwipeThresholdPx: 50,
  /** Rarity shimmer: seconds between animations; each lasts 2 s. */
  rarityAnimationSeconds: { uncommon: 15, rare: 10, epic: 7, legendary: 5 } as Partial<Record<Rarity, number>>,
  rarityAnimationDurationSeconds: 2,
  clickAnimationSeconds: 1,
} as const;

export const QUERY = {
  staleTimeMs: 60_000,
  retries: 1,
} as const;

/** Cap on any JSON request body: the largest real one (a PogBot message, 500 notification ids) is under 16 KB. */
export const MAX_JSON_BYTES = 64 * 1024;
/** How deeply a JSON request body may nest arrays and objects (ours need 2). */
export const MAX_JSON_DEPTH = 16;

/** PogBot, the AI game guide: one conversation per player, short messages, a bounded prompt. */
export const CHAT = {
  /** The one conversation each player has (the product spec (calls): "fixed at 1"). */
  conversationId: 1 as ConversationId,
  messageMaxLength: 2_000,
  /** A stored reply is cut at this many characters (the database refuses longer ones). */
  replyMaxLength: 16_000,
  /** Earlier messages sent to the model with a new question. */
  promptHistoryMessages: 20,
  /** The player's POGs described to the model, newest first. */
  promptPogs: 25,
  /** Messages GET /api/chat/1/history returns: the latest ones, oldest first. */
  historyLimit: 200,
  messagesPerMinute: 10,
  messagesPerDay: 200,
  replyMaxTokens: 1_024,
  /** How long one call to the AI service may take, and how long the request waits for the answer. */
  upstreamTimeoutMs: 40_000,
  replyTimeoutMs: 90_000,
} as const;
