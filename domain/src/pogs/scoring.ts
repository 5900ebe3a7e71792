/**
 * Scoring a POG's current design (decisions.md, Rarity and points, and Moderation's automatic
 * flags). Idempotent per design version: scoring a version that is already scored changes nothing,
 * and a version that an edit has replaced is skipped (the edit's own job scores it). The result is
 * one unit of work: the scores, the owner's notifications and POG, the moderators' flag and, for a
 * design that scored rare or better, its creator's achievements check. A legendary score is held to
 * its creator's legendary share there (withinLegendaryShare).
 */
import { and, count, eq, inArray, isNotNull, ne, sql, type SQL } from 'drizzle-orm';
import { TRADE_SUPPLY } from '@pog/common/constants';
import { blockedWord } from '@pog/common/pogs/blocklist';
import type { FlagReason as StoredFlagReason } from '@pog/common/moderation/flag-reason';
import { capLegendary, HAMMING_FLAG_DISTANCE, isCopiedDesign, RARITY_TUNING, scorePog, type CreatorRecord, type DesignFrequency, type PogScore, type UniquenessInput } from '@pog/common/pogs/rarity';
import type { Rarity } from '@pog/common/constants';
import type { Db, Tx } from '../db/client';
import { pogs, type PogRow } from '../db/schema';
import { insertNotification } from '../notifications/repository';
import type { Notification } from '@pog/common/schemas/notifications';
import { pogLink } from '@pog/common/notifications/links';
import { inUnitOfWork, type UnitOfWork } from '../outbox/unit-of-work';
import { AUTOMATIC } from '../moderation/audit';
import { flagColumns, imageReason, recordFlag, wordsReason } from '../moderation/flags';
import { recordModeration } from '../provenance/moderation';
import { findPog, toPogWithNotes, type PogWithNames } from './repository';
import { findSimilarImages } from './similarity';
import type { PogId } from '@pog/common/schemas/ids';

export type FlagReason = 'blocklist' | 'duplicate-image';

/**
 * What scoring reads of a design: its look, keys, picture and creator, and which POG it is, whose
 * own row the counts leave out (null for a design not saved yet: the Creator Studio's preview).
 */
export type ScoredDesign = Pick<
  PogRow,
  'creatorId' | 'backgroundColor1' | 'backgroundColor2' | 'textColor' | 'textContent' | 'fontFamily' | 'colourPairKey' | 'textKey' | 'imageHash' | 'imageDetail'
> & { id: PogId | null };

/** Every POG but the one scored. */
const otherThan = (pog: ScoredDesign) => (pog.id === null ? undefined : ne(pogs.id, pog.id));

export interface ScoringOutcome {
  status: 'scored' | 'already-scored' | 'stale' | 'missing';
  pog?: PogWithNames;
  score?: PogScore;
  /** Set when this scoring flagged the POG (it was not flagged before). */
  flaggedFor?: FlagReason;
  notifications: Notification[];
}

/** A design that scores this well can complete its creator's Rare Find. */
const RARE_OR_BETTER: ReadonlySet<Rarity> = new Set(['rare', 'epic', 'legendary']);

/**
 * Other POGs that look exactly like `pog` (designLookKey in pogs/design-match.ts: colours in order,
 * text colour, font, text key) and whose current design was scored before this one: the copy rule
 * protects the design that was there first, and an edit that turns a POG into a copy is caught.
 */
function sameLookAs(pog: ScoredDesign): SQL {
  return sql`upper(${pogs.backgroundColor1}) = upper(${pog.backgroundColor1})
    and upper(${pogs.backgroundColor2}) = upper(${pog.backgroundColor2})
    and upper(${pogs.textColor}) = upper(${pog.textColor})
    and ${pogs.fontFamily} = ${pog.fontFamily}
    and ${pogs.textKey} = ${pog.textKey}
    and ${pogs.scoredVersion} = ${pogs.designVersion}`;
}

/**
 * How common the POG's colour pair and text are among the other POGs (DesignFrequency), those of
 * its own creator counted apart, and whether another POG without an image looks exactly the same.
 */
async function designCounts(db: Db, pog: ScoredDesign): Promise<{ frequency: DesignFrequency; sameDesignWithoutImage: boolean }> {
  const samePair = sql`${pogs.colourPairKey} = ${pog.colourPairKey}`;
  const sameText = sql`${pogs.textKey} = ${pog.textKey}`;
  const own = sql`${pogs.creatorId} = ${pog.creatorId}`;
  const [row] = await db
    .select({
      total: count(),
      sameColourPair: sql<number>`count(*) filter (where ${samePair})`,
      sameText: sql<number>`count(*) filter (where ${sameText})`,
      ownSameColourPair: sql<number>`count(*) filter (where ${own} and ${samePair})`,
      ownSameText: sql<number>`count(*) filter (where ${own} and ${sameText})`,
      sameDesign: sql<number>`count(*) filter (where ${pogs.imageHash} is null and ${sameLookAs(pog)})`,
    })
    .from(pogs)
    .where(otherThan(pog));
  return {
    frequency: {
      total: Number(row?.total ?? 0),
      sameColourPair: Number(row?.sameColourPair ?? 0),
      sameText: Number(row?.sameText ?? 0),
      ownSameColourPair: Number(row?.ownSameColourPair ?? 0),
      ownSameText: Number(row?.ownSameText ?? 0),
    },
    sameDesignWithoutImage: Number(row?.sameDesign ?? 0) > 0,
  };
}

/** `repeatsPogId`: the nearest other player's POG whose image this one's is a near-duplicate of. */
async function uniquenessInput(db: Db, pog: ScoredDesign): Promise<{ input: UniquenessInput; repeatsPogId: PogId | null }> {
  const { frequency, sameDesignWithoutImage } = await designCounts(db, pog);
  if (pog.imageHash) {
    const similar = await findSimilarImages(db, pog.imageHash, pog.id ?? undefined);
    const repeated = similar.find((s) => s.distance <= HAMMING_FLAG_DISTANCE && s.creatorId !== pog.creatorId);
    // A copy has the same look and a picture within the copy distance (a re-upload of the same one).
    const samePicture = similar.filter((s) => s.distance <= RARITY_TUNING.uniqueness.copyDistance).map((s) => s.pogId);
    const sameDesignExists =
      samePicture.length > 0 && (await db.select({ id: pogs.id }).from(pogs).where(and(inArray(pogs.id, samePicture), sameLookAs(pog))).limit(1)).length > 0;
    // Nothing within the exact search distance: as original as an image gets.
    return { input: { kind: 'image', nearestHashDistance: similar[0]?.distance ?? null, frequency, sameDesignExists }, repeatsPogId: repeated?.pogId ?? null };
  }
  return { input: { kind: 'design', frequency, sameDesignExists: sameDesignWithoutImage }, repeatsPogId: null };
}

/**
 * The advisory lock space of creators' legendary shares (pg_advisory_xact_lock(int, int): this, the
 * creator's id). Only scoring takes it, last of its locks (after the POG's row), so two scorings of
 * one creator's POGs count that creator's legendary POGs one after the other.
 */
const LEGENDARY_SHARE_LOCK_SPACE = 0x6c6567;

/**
 * A legendary score checked against its creator's legendary share (capLegendary), inside the
 * scoring's transaction: under the creator's lock, so that of two scorings at once the second sees
 * what the first committed. Other scores pass unchanged, without the lock.
 */
async function withinLegendaryShare(tx: Tx, pog: PogRow, score: PogScore): Promise<PogScore> {
  if (score.rarity !== 'legendary') return score;
  await tx.execute(sql`select pg_advisory_xact_lock(${LEGENDARY_SHARE_LOCK_SPACE}, ${pog.creatorId})`);
  return capLegendary(score, await creatorRecord(tx, pog));
}

/** The creator's other scored POGs, and how many of those are legendary (capLegendary's record). */
async function creatorRecord(db: Db | Tx, pog: Pick<ScoredDesign, 'id' | 'creatorId'>): Promise<CreatorRecord> {
  const scored = isNotNull(pogs.scoredVersion);
  const [row] = await db
    .select({
      scored: sql<number>`count(*) filter (where ${scored})`,
      legendary: sql<number>`count(*) filter (where ${scored} and ${pogs.rarity} = 'legendary')`,
    })
    .from(pogs)
    .where(and(eq(pogs.creatorId, pog.creatorId), pog.id === null ? undefined : ne(pogs.id, pog.id)));
  return { scored: Number(row?.scored ?? 0), legendary: Number(row?.legendary ?? 0) };
}

/** A design's score by its total, as the scorer reads it from the database (no legendary share yet). */
async function scoreByTotal(db: Db, pog: ScoredDesign): Promise<{ score: PogScore; copied: boolean; repeatsPogId: PogId | null }> {
  const { input, repeatsPogId } = await uniquenessInput(db, pog);
  const scoreInput = {
    backgroundColor1: pog.backgroundColor1,
    backgroundColor2: pog.backgroundColor2,
    textColor: pog.textColor,
    textContent: pog.textContent,
    fontFamily: pog.fontFamily,
    imageDetail: pog.imageDetail,
    uniqueness: input,
  };
  return { score: scorePog(scoreInput), copied: isCopiedDesign(scoreInput), repeatsPogId };
}

/**
 * What the scorer would give this design if it were scored now (the Creator Studio's preview):
 * the same reads and the same scorePog as scorePogVersion, the creator's legendary share included,
 * read without its lock and without writing anything. `pog.id` is the POG being edited, if any.
 */
export async function previewScore(db: Db, pog: ScoredDesign): Promise<{ score: PogScore; copied: boolean; legendaryCapped: boolean }> {
  const { score: byTotal, copied } = await scoreByTotal(db, pog);
  const score = byTotal.rarity === 'legendary' ? capLegendary(byTotal, await creatorRecord(db, pog)) : byTotal;
  return { score, copied, legendaryCapped: score.rarity !== byTotal.rarity };
}

export async function scorePogVersion(db: Db, pogId: PogId, version: number, now: Date): Promise<ScoringOutcome> {
  const found = await findPog(db, pogId);
  if (!found) return { status: 'missing', notifications: [] };
  if (found.pog.designVersion !== version) return { status: 'stale', notifications: [] };
  if (found.pog.scoredVersion === version) return { status: 'already-scored', pog: found, notifications: [] };

  const pog = found.pog;
  const { score: byTotal, repeatsPogId } = await scoreByTotal(db, pog);
  const flag = flagFor(`${pog.name} ${pog.textContent}`, repeatsPogId);

  return inUnitOfWork(db, now, async (uow) => {
    const { tx } = uow;
    const current = (await tx.select().from(pogs).where(eq(pogs.id, pogId)).for('update'))[0];
    // An edit or another scorer got here first: nothing to do for this version.
    if (!current || current.designVersion !== version || current.scoredVersion === version) {
      return { status: current?.scoredVersion === version ? 'already-scored' : 'stale', notifications: [] };
    }
    const score = await withinLegendaryShare(tx, current, byTotal);
    const supply = TRADE_SUPPLY[score.rarity];
    const maxTrades = Math.min(current.requestedMaxTrades ?? supply, supply);
    const tradesDone = current.maxTrades - current.tradesRemaining;
    // A flag is new unless the POG is flagged already or a moderator approved it.
    const newFlag = flagIsNew(flag, current);
    await tx
      .update(pogs)
      .set({
        rarity: score.rarity,
        score: score.total,
        points: score.points,
        harmony: score.harmony,
        uniqueness: score.uniqueness,
        complexity: score.complexity,
        scoredVersion: version,
        scoredAt: now,
        maxTrades,
        tradesRemaining: Math.max(0, maxTrades - tradesDone),
        ...(newFlag ? flagColumns(newFlag) : {}),
      })
      .where(and(eq(pogs.id, pogId), eq(pogs.designVersion, version)));

    // Why, beside the flag: the moderators read it in the POG's dialog and the audit log.
    if (newFlag) await recordFlag(uow, current, newFlag, AUTOMATIC);
    const flaggedFor = legacyReason(newFlag);
    const notifications = await notifyOwner(uow, current, score, version, flaggedFor);
    const found = (await findPog(tx, pogId))!;
    // For the owner and the admins only, so with the moderator's notes.
    const shown = toPogWithNotes(found, now);
    // The owner sees the real rarity arrive live; the moderators hear of a new flag.
    uow.toUser(shown.userId, 'pog:updated', shown);
    for (const notification of notifications) uow.toUser(notification.userId, 'notification', notification);
    if (newFlag) uow.toAdmins('moderation:queue', { action: 'flagged', pog: shown });
    if (RARE_OR_BETTER.has(score.rarity)) uow.enqueue('achievements.check', { userIds: [found.pog.creatorId] });
    return {
      status: 'scored',
      pog: found,
      score,
      ...(flaggedFor ? { flaggedFor } : {}),
      notifications,
    } satisfies ScoringOutcome;
  });
}

/**
 * The owner's notifications of a scored version: its rarity and points and, when this scoring
 * flagged it (`flaggedFor`), why, with the flag recorded in the POG's moderation history.
 */
async function notifyOwner(uow: UnitOfWork, current: PogRow, score: PogScore, version: number, flaggedFor: FlagReason | undefined): Promise<Notification[]> {
  const { tx } = uow;
  const pogId = current.id;
  const notifications: Notification[] = [];
  const scored = await insertNotification(tx, {
    userId: current.userId,
    kind: 'pog.scored',
    title: `${current.name} is ${article(score.rarity)} ${score.rarity} POG`,
    body: `Scored ${score.points} PTS (harmony ${score.harmony}, uniqueness ${score.uniqueness}, complexity ${score.complexity}).`,
    link: pogLink(pogId),
    dedupeKey: `pog-scored:${pogId}:${version}`,
  });
  if (scored) notifications.push(scored);
  if (flaggedFor) {
    const flagged = await insertNotification(tx, {
      userId: current.userId,
      kind: 'pog.flagged',
      title: `${current.name} was flagged for review`,
      body:
        flaggedFor === 'blocklist'
          ? 'Its name or text contains words that are not allowed. A moderator will review it.'
          : "Its image looks almost the same as another player's POG. A moderator will review it.",
      link: pogLink(pogId),
      dedupeKey: `pog-flagged:${pogId}:${version}`,
    });
    if (flagged) {
      notifications.push(flagged);
      await recordModeration(uow, current, 'flagged', flaggedFor === 'blocklist' ? 'words' : 'image');
    }
  }
  return notifications;
}

/** Why the scorer flags this design, if it does: a blocked word first, else a repeated image. */
function flagFor(text: string, repeatsPogId: PogId | null): StoredFlagReason | null {
  const word = blockedWord(text);
  if (word) return wordsReason(word);
  return repeatsPogId === null ? null : imageReason(repeatsPogId);
}

function flagIsNew(flag: StoredFlagReason | null, current: PogRow): StoredFlagReason | null {
  return flag && !current.isFlagged && current.moderationStatus !== 'approved' ? flag : null;
}

/** The scoring outcome's and the owner's notification's name for a flag's cause. */
function legacyReason(flag: StoredFlagReason | null): FlagReason | undefined {
  if (!flag) return undefined;
  return flag.cause === 'words' ? 'blocklist' : 'duplicate-image';
}

function article(rarity: string): string {
  return /^[aeiou]/.test(rarity) ? 'an' : 'a';
}

