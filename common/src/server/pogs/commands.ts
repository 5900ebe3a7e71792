/**
 * Creating, editing and deleting POGs. Each is one unit of work; creation locks the player's row so
 * that concurrent requests cannot slip past the limits together. What follows a change is declared
 * here with it: scoring the design, checking achievements, telling the moderators.
 */
import { and, count, eq, gte, max, sql } from 'drizzle-orm';
import { TRADE_SUPPLY } from '../../constants';
import { AppError, ForbiddenError, NotFoundError, ValidationError } from '../../errors';
import { checkCreation, startOfUtcDay, type CreationFacts } from '../../pogs/creation-limits';
import { colourPairKey, designTextKey } from '../../pogs/rarity';
import type { CreatePogRequest, UpdatePogRequest } from '../../pogs/schemas';
import { UPLOADS_PREFIX } from '../../pogs/image-url';
import { limitRewardsOf } from '../users/stats';
import { assertNotRiskedInBattle, releaseCommitments } from '../commitments';
import type { Db, Tx } from '../db/client';
import { pogCreations, pogs, uploads, users, type PogRow } from '../db/schema';
import { inUnitOfWork, type UnitOfWork } from '../outbox/unit-of-work';
import { findPog, toPogWithNotes, type PogWithNames } from './repository';
import { chunkColumns } from './similarity';

interface ImageFacts {
  imageHash: string | null;
  imageDetail: number | null;
}

/** The hash and detail of an image URL: ours from the uploads table, none for built-in or empty. */
async function imageFacts(tx: Tx, imageUrl: string): Promise<ImageFacts> {
  if (!imageUrl.startsWith(UPLOADS_PREFIX)) return { imageHash: null, imageDetail: null };
  const filename = imageUrl.slice(UPLOADS_PREFIX.length);
  const rows = await tx.select().from(uploads).where(eq(uploads.filename, filename)).limit(1);
  if (!rows[0]) throw new ValidationError('That image was not found. Please upload it again.');
  return { imageHash: rows[0].imageHash, imageDetail: rows[0].imageDetail };
}

function designKeys(design: { backgroundColor1: string; backgroundColor2: string; textContent: string }) {
  return { colourPairKey: colourPairKey(design.backgroundColor1, design.backgroundColor2), textKey: designTextKey(design.textContent) };
}

async function creationFacts(tx: Tx, userId: number, now: Date): Promise<CreationFacts> {
  // Sequential: a transaction's queries share one connection.
  const holding = await tx.select({ n: count() }).from(pogs).where(eq(pogs.userId, userId));
  const today = await tx.select({ n: count() }).from(pogCreations).where(and(eq(pogCreations.userId, userId), gte(pogCreations.createdAt, startOfUtcDay(now))));
  const total = await tx.select({ n: count(), last: max(pogCreations.createdAt) }).from(pogCreations).where(eq(pogCreations.userId, userId));
  const rejected = await tx.select({ n: count() }).from(pogs).where(and(eq(pogs.creatorId, userId), eq(pogs.moderationStatus, 'rejected')));
  const last = total[0]?.last;
  const rewards = await limitRewardsOf(tx, userId);
  return {
    holding: Number(holding[0]?.n ?? 0),
    createdToday: Number(today[0]?.n ?? 0),
    createdTotal: Number(total[0]?.n ?? 0),
    lastCreatedAt: last ? new Date(last) : null,
    hasRejected: Number(rejected[0]?.n ?? 0) > 0,
    rewards,
  };
}

/** Scores the POG's current design version (once per version, whoever asks again). */
function scoreLater(uow: UnitOfWork, pog: PogRow): void {
  uow.enqueue('pog.score', { pogId: pog.id, version: pog.designVersion });
}

export async function createPog(db: Db, userId: number, input: CreatePogRequest, now: Date): Promise<PogWithNames> {
  return inUnitOfWork(db, now, async (uow) => {
    const { tx } = uow;
    // One creation at a time per player: the limits below are read and written under this lock
    // (NO KEY UPDATE, so that rows referring to the player, such as notifications, are not blocked).
    await tx.execute(sql`SELECT id FROM ${users} WHERE ${users.id} = ${userId} FOR NO KEY UPDATE`);
    const refusal = checkCreation(await creationFacts(tx, userId, now), now);
    if (refusal) {
      const headers: Record<string, string> = refusal.retryAfterSeconds ? { 'Retry-After': String(refusal.retryAfterSeconds) } : {};
      throw new AppError(refusal.code, refusal.message, { headers });
    }
    const image = await imageFacts(tx, input.imageUrl);
    const maxTrades = input.maxTrades ?? TRADE_SUPPLY.common;
    const [row] = await tx
      .insert(pogs)
      .values({
        userId,
        creatorId: userId,
        name: input.name,
        textContent: input.textContent,
        fontFamily: input.fontFamily,
        textColor: input.textColor,
        backgroundColor1: input.backgroundColor1,
        backgroundColor2: input.backgroundColor2,
        imageUrl: input.imageUrl,
        imageStyle: input.imageStyle,
        ...image,
        ...chunkColumns(image.imageHash),
        ...designKeys(input),
        requestedMaxTrades: input.maxTrades ?? null,
        maxTrades,
        tradesRemaining: maxTrades,
        createdAt: now,
        updatedAt: now,
      })
      .returning();
    await tx.insert(pogCreations).values({ userId, pogId: row!.id, createdAt: now });
    const created = (await findPog(tx, row!.id))!;
    // Announced before scoring is queued, so that admins never see "flagged" before "created".
    uow.toAdmins('moderation:queue', { action: 'created', pog: toPogWithNotes(created, now) });
    scoreLater(uow, created.pog);
    uow.enqueue('achievements.check', { userIds: [userId] });
    return created;
  });
}

/** Locks the POG and checks that the user owns it (404 when missing, 403 when someone else's). */
async function lockOwnPog(tx: Tx, pogId: number, userId: number, action: string): Promise<PogRow> {
  const rows = await tx.select().from(pogs).where(eq(pogs.id, pogId)).for('update');
  const pog = rows[0];
  if (!pog) throw new NotFoundError('That POG does not exist (it may have been deleted).');
  if (pog.userId !== userId) throw new ForbiddenError(`You can only ${action} POGs you own.`);
  return pog;
}

export async function updatePogDesign(db: Db, pogId: number, userId: number, changes: UpdatePogRequest, now: Date): Promise<PogWithNames> {
  return inUnitOfWork(db, now, async (uow) => {
    const { tx } = uow;
    const current = await lockOwnPog(tx, pogId, userId, 'edit');
    const next = { ...current, ...Object.fromEntries(Object.entries(changes).filter(([, v]) => v !== undefined)) } as PogRow;
    const image = next.imageUrl !== current.imageUrl ? await imageFacts(tx, next.imageUrl) : { imageHash: current.imageHash, imageDetail: current.imageDetail };
    await tx
      .update(pogs)
      .set({
        name: next.name,
        textContent: next.textContent,
        fontFamily: next.fontFamily,
        textColor: next.textColor,
        backgroundColor1: next.backgroundColor1,
        backgroundColor2: next.backgroundColor2,
        imageUrl: next.imageUrl,
        imageStyle: next.imageStyle,
        ...image,
        ...chunkColumns(image.imageHash),
        ...designKeys(next),
        designVersion: current.designVersion + 1,
        updatedAt: now,
      })
      .where(eq(pogs.id, pogId));
    const updated = (await findPog(tx, pogId))!;
    // The owner's own view: with the moderator's notes.
    uow.toUser(updated.pog.userId, 'pog:updated', toPogWithNotes(updated, now));
    scoreLater(uow, updated.pog);
    return updated;
  });
}

/** Deletes an owned POG and returns what it was. Its pending trades and battles end with it. */
export async function deleteOwnPog(db: Db, pogId: number, userId: number, now: Date): Promise<PogWithNames> {
  return inUnitOfWork(db, now, async (uow) => {
    const { tx } = uow;
    const pog = await lockOwnPog(tx, pogId, userId, 'delete');
    await assertNotRiskedInBattle(tx, [pog]);
    const snapshot = (await findPog(tx, pogId))!;
    await releaseCommitments(uow, { pogIds: [pogId] }, 'deleted');
    await tx.delete(pogs).where(eq(pogs.id, pogId));
    uow.toAdmins('moderation:queue', { action: 'deleted', pog: toPogWithNotes(snapshot, now) });
    return snapshot;
  });
}
