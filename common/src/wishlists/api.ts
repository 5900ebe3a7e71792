/**
 * Have and Want (docs/rules.md, Have and Want): a player marks other players' POGs as wanted and
 * their own as up for trade; the Matches panel lists the players to trade with, best first.
 */
import { z } from 'zod';
import { RARITIES } from '../constants';
import { pogIdField, userIdField } from '../schemas/ids';

/**
 * How many POGs a player may mark as wanted, and as up for trade; and how many marks they may put on
 * or take off in a minute: each tells the other players it concerns, whose pages then ask again.
 */
export const MARK_LIMITS = { wants: 200, haves: 200, changesPerMinute: 60 } as const;
/** How many matches the panel shows. */
export const MATCHES_SHOWN = 20;

export const MARK_LISTS = ['want', 'have'] as const;
export type MarkList = (typeof MARK_LISTS)[number];

/** GET /api/marks: the signed-in player's marks. */
export const marksSchema = z.object({ wants: z.array(pogIdField()), haves: z.array(pogIdField()) });
export type Marks = z.infer<typeof marksSchema>;

/** PUT /api/marks/:id: put a POG on a list ('want': another player's; 'have': your own, up for trade) or take it off. */
export const markRequestSchema = z.object({
  list: z.enum(MARK_LISTS, { error: "list must be 'want' or 'have'" }),
  marked: z.boolean({ error: 'marked must be true or false' }),
});
export type MarkRequest = z.infer<typeof markRequestSchema>;

export const matchPogSchema = z.object({ id: pogIdField(), name: z.string(), rarity: z.enum(RARITIES), points: z.number().int() });
export type MatchPog = z.infer<typeof matchPogSchema>;

/**
 * 'both': they hold a POG you want and want one you put up for trade; 'theyHave': only the first;
 * 'theyWant': only the second. The pair is the suggested offer: your POG for theirs, the closest in
 * points that can be offered now; one side is null when there is none to suggest.
 */
export const MATCH_KINDS = ['both', 'theyHave', 'theyWant'] as const;
export type MatchKind = (typeof MATCH_KINDS)[number];

export const matchSchema = z.object({
  userId: userIdField(),
  username: z.string(),
  avatarColor: z.string(),
  kind: z.enum(MATCH_KINDS),
  yourPog: matchPogSchema.nullable(),
  theirPog: matchPogSchema.nullable(),
  /** How far apart the two POGs' points are (0: even); null when one side is missing. */
  balance: z.number().int().nullable(),
});
export type Match = z.infer<typeof matchSchema>;

/** GET /api/matches */
export const matchesSchema = z.object({ matches: z.array(matchSchema) });
export type Matches = z.infer<typeof matchesSchema>;

/** The durable event `matches:changed`: a mark or an owner changed, so the player's matches may have. */
export const matchesChangedSchema = z.object({ pogId: pogIdField() });
