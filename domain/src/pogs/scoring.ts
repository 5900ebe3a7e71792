/**
 * Scoring a POG's current design (decisions.md, Rarity and points, and Moderation's automatic
 * flags). Idempotent per design version: scoring a version that is already scored changes nothing,
 * and a version that an edit has replaced is skipped (the edit's own job scores it). The result is
 * one unit of work: the scores, the owner's notifications and POG, the moderators' flag and, for a
 * design that scored rare or better, its creator's achievements check.
 */
import { and, count, eq, inArray, ne, sql, type SQL } from 'drizzle-orm';
import { TRADE_SUPPLY } from '@pog/common/constants';
import { matchesBlocklist } from '@pog/common/pogs/blocklist';
import { HAMMING_FLAG_DISTANCE, RARITY_TUNING, scorePog, type PogScore, type UniquenessInput } from '@pog/common/pogs/rarity';
import type { Rarity } from '@pog/common/constants';
import type { Db } from '../db/client';
import { pogs, type PogRow } from '../db/schema';
import { insertNotification } from '../notifications/repository';
import type { Notification } from '@pog/common/schemas/notifications';
import { inUnitOfWork, type UnitOfWork } from '../outbox/unit-of-work';
import { recordModeration } from '../provenance/moderation';
import { findPog, toPogWithNotes, type PogWithNames } from './repository';
import { findSimilarImages } from './similarity';

export type FlagReason = 'blocklist' | 'duplicate-image';

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
function sameLookAs(pog: PogRow): SQL {
  return sql`upper(${pogs.backgroundColor1}) = upper(${pog.backgroundColor1})
    and upper(${pogs.backgroundColor2}) = upper(${pog.backgroundColor2})
    and upper(${pogs.textColor}) = upper(${pog.textColor})
    and ${pogs.fontFamily} = ${pog.fontFamily}
    and ${pogs.textKey} = ${pog.textKey}
    and ${pogs.scoredVersion} = ${pogs.designVersion}`;
}

async function uniquenessInput(db: Db, pog: PogRow): Promise<{ input: UniquenessInput; duplicateOfOther: boolean }> {
  if (pog.imageHash) {
    const similar = await findSimilarImages(db, pog.imageHash, pog.id);
    const duplicateOfOther = similar.some((s) => s.distance <= HAMMING_FLAG_DISTANCE && s.creatorId !== pog.creatorId);
    // A copy has the same look and a picture within the copy distance (a re-upload of the same one).
    const samePicture = similar.filter((s) => s.distance <= RARITY_TUNING.uniqueness.copyDistance).map((s) => s.pogId);
    const sameDesignExists =
      samePicture.length > 0 && (await db.select({ id: pogs.id }).from(pogs).where(and(inArray(pogs.id, samePicture), sameLookAs(pog))).limit(1)).length > 0;
    // Nothing within the exact search distance: as original as an image gets.
    return { input: { kind: 'image', nearestHashDistance: similar[0]?.distance ?? null, sameDesignExists }, duplicateOfOther };
  }
  const [row] = await db
    .select({
      total: count(),
      sameColourPair: sql<number>`count(*) filter (where ${pogs.colourPairKey} = ${pog.colourPairKey})`,
      sameText: sql<number>`count(*) filter (where ${pogs.textKey} = ${pog.textKey})`,
      sameDesign: sql<number>`count(*) filter (where ${pogs.imageHash} is null and ${sameLookAs(pog)})`,
    })
    .from(pogs)
    .where(ne(pogs.id, pog.id));
  return {
    input: {
      kind: 'design',
      frequency: { total: Number(row?.total ?? 0), sameColourPair: Number(row?.sameColourPair ?? 0), sameText: Number(row?.sameText ?? 0) },
      sameDesignExists: Number(row?.sameDesign ?? 0) > 0,
    },
    duplicateOfOther: false,
  };
}

export async function scorePogVersion(db: Db, pogId: number, version: number, now: Date): Promise<ScoringOutcome> {
  const found = await findPog(db, pogId);
  if (!found) return { status: 'missing', notifications: [] };
  if (found.pog.designVersion !== version) return { status: 'stale', notifications: [] };
  if (found.pog.scoredVersion === version) return { status: 'already-scored', pog: found, notifications: [] };

  const pog = found.pog;
  const { input, duplicateOfOther } = await uniquenessInput(db, pog);
  const score = scorePog({
    backgroundColor1: pog.backgroundColor1,
    backgroundColor2: pog.backgroundColor2,
    textColor: pog.textColor,
    textContent: pog.textContent,
    fontFamily: pog.fontFamily,
    imageDetail: pog.imageDetail,
    uniqueness: input,
  });
  const flagReason: FlagReason | undefined = matchesBlocklist(`${pog.name} ${pog.textContent}`) ? 'blocklist' : duplicateOfOther ? 'duplicate-image' : undefined;

  return inUnitOfWork(db, now, async (uow) => {
    const { tx } = uow;
    const current = (await tx.select().from(pogs).where(eq(pogs.id, pogId)).for('update'))[0];
    // An edit or another scorer got here first: nothing to do for this version.
    if (!current || current.designVersion !== version || current.scoredVersion === version) {
      return { status: current?.scoredVersion === version ? 'already-scored' : 'stale', notifications: [] };
    }
    const supply = TRADE_SUPPLY[score.rarity];
    const maxTrades = Math.min(current.requestedMaxTrades ?? supply, supply);
    const tradesDone = current.maxTrades - current.tradesRemaining;
    const newlyFlagged = Boolean(flagReason) && !current.isFlagged && current.moderationStatus !== 'approved';
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
        ...(newlyFlagged ? { isFlagged: true, isApproved: false } : {}),
      })
      .where(and(eq(pogs.id, pogId), eq(pogs.designVersion, version)));

    const notifications = await notifyOwner(uow, current, score, version, newlyFlagged ? flagReason : undefined);
    const found = (await findPog(tx, pogId))!;
    // For the owner and the admins only, so with the moderator's notes.
    const shown = toPogWithNotes(found, now);
    // The owner sees the real rarity arrive live; the moderators hear of a new flag.
    uow.toUser(shown.userId, 'pog:updated', shown);
    for (const notification of notifications) uow.toUser(notification.userId, 'notification', notification);
    if (newlyFlagged) uow.toAdmins('moderation:queue', { action: 'flagged', pog: shown });
    if (RARE_OR_BETTER.has(score.rarity)) uow.enqueue('achievements.check', { userIds: [found.pog.creatorId] });
    return {
      status: 'scored',
      pog: found,
      score,
      ...(newlyFlagged ? { flaggedFor: flagReason } : {}),
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
    link: '/collection',
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
      link: '/collection',
      dedupeKey: `pog-flagged:${pogId}:${version}`,
    });
    if (flagged) {
      notifications.push(flagged);
      await recordModeration(uow, current, 'flagged', flaggedFor === 'blocklist' ? 'words' : 'image');
    }
  }
  return notifications;
}

function article(rarity: string): string {
  return /^[aeiou]/.test(rarity) ? 'an' : 'a';
}

