/** The POG as the API returns it (product spec: entities, plus what the server adds). */
import { z } from 'zod';
import { RARITIES } from '../constants';
import { flagReasonSchema } from '../moderation/flag-reason';
import { idTextSchema, pogIdField, userIdField } from '../schemas/ids';
import { IMAGE_STYLES } from './defaults';

export const MODERATION_STATUSES = ['none', 'approved', 'rejected'] as const;
export type ModerationStatus = (typeof MODERATION_STATUSES)[number];

export const pogSchema = z.object({
  id: pogIdField(),
  /** The owner; trades and battles change it. */
  userId: userIdField(),
  /** The owner's username. */
  username: z.string(),
  creatorId: userIdField(),
  creatorUsername: z.string(),
  /** Whether it ever changed hands (trade or battle): then nobody may edit it any more. */
  changedHands: z.boolean(),
  name: z.string(),
  textContent: z.string(),
  fontFamily: z.string(),
  textColor: z.string(),
  backgroundColor1: z.string(),
  backgroundColor2: z.string(),
  imageUrl: z.string(),
  imageStyle: z.enum(IMAGE_STYLES),
  imageHash: z.string().nullable(),
  rarity: z.enum(RARITIES),
  /** The total score 0..100, null until scored. */
  score: z.number().nullable(),
  points: z.number().int().nullable(),
  /** True until the worker has scored the current design. */
  pointsPending: z.boolean(),
  harmony: z.number().nullable(),
  uniqueness: z.number().nullable(),
  complexity: z.number().nullable(),
  scoredAt: z.string().nullable(),
  maxTrades: z.number().int(),
  tradesRemaining: z.number().int(),
  cooldownUntil: z.string().nullable(),
  onCooldown: z.boolean(),
  /** Hours of cooldown left (fractional), 0 when none. */
  cooldownHours: z.number(),
  isFlagged: z.boolean(),
  isApproved: z.boolean(),
  moderationStatus: z.enum(MODERATION_STATUSES),
  moderationNotes: z.string().nullable(),
  lastModeratedAt: z.string().nullable(),
  /** Why it was last flagged, like the notes for the admins and its owner only (null elsewhere). */
  flagReason: flagReasonSchema.nullable(),
  /** How many players reported it (one report each); like the notes, for the admins and its owner only (null elsewhere). */
  reportCount: z.number().int().nullable(),
  /**
   * Reported by enough players (REPORTS_TO_HIDE) while awaiting a decision: hidden from everyone
   * but its owner and the admins until a moderator decides (docs/rules.md, Reports).
   */
  hiddenByReports: z.boolean(),
  createdAt: z.string(),
});
export type Pog = z.infer<typeof pogSchema>;

export const POG_SORTS = ['recent', 'trending'] as const;
export type PogSort = (typeof POG_SORTS)[number];

/** GET /api/pogs query. */
export const pogListQuerySchema = z.object({
  search: z.string().trim().max(100, 'Search text is too long (at most 100 characters)').optional(),
  rarity: z.enum(RARITIES, { error: 'Rarity must be one of common, uncommon, rare, epic, legendary' }).optional(),
  creator: idTextSchema('creator').brand<'UserId'>().optional(),
  sort: z.enum(POG_SORTS, { error: 'sort must be recent or trending' }).default('recent'),
  limit: z.coerce
    .number({ error: 'limit must be a number from 1 to 100' })
    .int('limit must be a number from 1 to 100')
    .min(1, 'limit must be a number from 1 to 100')
    .max(100, 'limit must be a number from 1 to 100')
    .default(50),
  cursor: z.string().max(200, 'The cursor is not valid').optional(),
});
export type PogListQuery = z.infer<typeof pogListQuerySchema>;
