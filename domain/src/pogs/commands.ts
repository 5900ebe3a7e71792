/**
 * Creating, editing and deleting POGs. Each is one unit of work that first locks the acting player's
 * row (the lock order: players, POGs, then trades and battles) and re-reads their ban there.
 * Creations and design edits take its limits lock too, so that concurrent requests cannot slip past
 * the creation limits together. What follows a change is declared here with it: scoring the design,
 * checking achievements, telling the moderators.
 */
import { eq } from 'drizzle-orm';
import { TRADE_SUPPLY } from '@pog/common/constants';
import { AppError, NotFoundError, ValidationError } from '@pog/common/errors';
import { blockedWord } from '@pog/common/pogs/blocklist';
import { checkCreation, type CreationKind } from '@pog/common/pogs/creation-limits';
import { changesDesign } from '@pog/common/pogs/edit-rule';
import { colourPairKey, designTextKey } from '@pog/common/pogs/rarity';
import type { CreatePogRequest, UpdatePogRequest } from '@pog/common/pogs/schemas';
import type { PogId, UserId } from '@pog/common/schemas/ids';
import { UPLOADS_PREFIX } from '@pog/common/pogs/image-url';
import { pogLink } from '@pog/common/notifications/links';
import { progressOf } from '../users/stats';
import { assertNotRiskedInBattle, deletePogs } from '../commitments';
import type { Db, Tx } from '../db/client';
import { pogCreations, pogs, uploads, type PogRow } from '../db/schema';
import { AUTOMATIC } from '../moderation/audit';
import { flagColumns, recordFlag, wordsReason } from '../moderation/flags';
import { lockActor } from '../moderation/player-locks';
import { notify } from '../notifications/repository';
import { inUnitOfWork, type UnitOfWork } from '../outbox/unit-of-work';
import { playerRef, recordHistory } from '../provenance/history';
import { recordModeration } from '../provenance/moderation';
import { MISSING_POG, pogPolicy } from './policy';
import { findPog, toPogWithNotes, type PogWithNames } from './repository';
import { chunkColumns } from './similarity';

export interface ImageFacts {
  imageHash: string | null;
  imageDetail: number | null;
}

/** The hash and detail of an image URL: ours from the uploads table, none for built-in or empty. */
export async function imageFacts(tx: Db | Tx, imageUrl: string): Promise<ImageFacts> {
  if (!imageUrl.startsWith(UPLOADS_PREFIX)) return { imageHash: null, imageDetail: null };
  const filename = imageUrl.slice(UPLOADS_PREFIX.length);
  const rows = await tx.select().from(uploads).where(eq(uploads.filename, filename)).limit(1);
  if (!rows[0]) throw new ValidationError('That image was not found. Please upload it again.');
  return { imageHash: rows[0].imageHash, imageDetail: rows[0].imageDetail };
}

export function designKeys(design: { backgroundColor1: string; backgroundColor2: string; textContent: string }) {
  return { colourPairKey: colourPairKey(design.backgroundColor1, design.backgroundColor2), textKey: designTextKey(design.textContent) };
}

/** Refuses a creation (or a design edit) over the limits, with the limit's code and when to try again. */
async function assertMayCreate(tx: Tx, userId: UserId, now: Date, kind: CreationKind): Promise<void> {
  // The player's progress holds the facts, read in this transaction under the limits lock.
  const refusal = checkCreation((await progressOf(tx, userId, now)).creation, now, kind);
  if (!refusal) return;
  throw new AppError(refusal.code, refusal.message, { retryAfterSeconds: refusal.retryAfterSeconds || undefined });
}

/** Scores the POG's current design version (once per version, whoever asks again). */
function scoreLater(uow: UnitOfWork, pog: PogRow): void {
  uow.enqueue('pog.score', { pogId: pog.id, version: pog.designVersion });
}

export async function createPog(db: Db, userId: UserId, input: CreatePogRequest, now: Date): Promise<PogWithNames> {
  pogPolicy.authorize('createAs', { id: userId }, input.userId);
  return inUnitOfWork(db, now, async (uow) => {
    const { tx } = uow;
    // One creation at a time per player: the limits below are read and written under this lock
    // (moderation/player-locks.ts: the player's row is only shared, so nothing else waits for it).
    await lockActor(tx, userId, 'limits');
    await assertMayCreate(tx, userId, now, 'create');
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
    uow.pogsHeldChanged(userId, 1);
    const created = (await findPog(tx, row!.id))!;
    await recordHistory(tx, now, [{ pogId: row!.id, details: { kind: 'created', creator: playerRef(userId, created.creatorUsername), name: input.name } }]);
    // Announced before scoring is queued, so that admins never see "flagged" before "created".
    uow.toAdmins('moderation:queue', { action: 'created', pog: toPogWithNotes(created, now) });
    scoreLater(uow, created.pog);
    uow.enqueue('achievements.check', { userIds: [userId] });
    return created;
  });
}

/** Locks the POG (404 when missing). */
async function lockPog(tx: Tx, pogId: PogId): Promise<PogRow> {
  const rows = await tx.select().from(pogs).where(eq(pogs.id, pogId)).for('update');
  if (!rows[0]) throw new NotFoundError(MISSING_POG);
  return rows[0];
}

/**
 * A renamed POG is not scored again (the name is not part of the design), so its new name is checked
 * against the blocklist here, as the scorer would: a match flags it for review.
 */
async function flagIfNameBlocked(uow: UnitOfWork, pog: PogRow): Promise<boolean> {
  const word = blockedWord(`${pog.name} ${pog.textContent}`);
  if (!word || pog.isFlagged || pog.moderationStatus === 'approved') return false;
  const reason = wordsReason(word);
  await uow.tx.update(pogs).set(flagColumns(reason)).where(eq(pogs.id, pog.id));
  await recordFlag(uow, pog, reason, AUTOMATIC);
  await recordModeration(uow, pog, 'flagged', 'words');
  await notify(uow, {
    userId: pog.userId,
    kind: 'pog.flagged',
    title: `${pog.name} was flagged for review`,
    body: 'Its name or text contains words that are not allowed. A moderator will review it.',
    link: pogLink(pog.id),
  });
  return true;
}

/**
 * Edits a POG: only its creator, while holding it, before it ever changed hands (403 otherwise). A
 * change of design is scored again and counts as a creation (cooldown and daily limit, same refusals
 * as creating); a new name alone costs nothing and keeps the score; an edit that changes nothing
 * changes nothing.
 */
export async function updatePogDesign(db: Db, pogId: PogId, userId: UserId, changes: UpdatePogRequest, now: Date): Promise<PogWithNames> {
  return inUnitOfWork(db, now, async (uow) => {
    const { tx } = uow;
    // A design edit reads and writes the creation limits, like a creation.
    await lockActor(tx, userId, 'limits');
    const current = await lockPog(tx, pogId);
    pogPolicy.authorize('edit', { id: userId }, current);
    const next = { ...current, ...Object.fromEntries(Object.entries(changes).filter(([, v]) => v !== undefined)) } as PogRow;
    const redesign = changesDesign(current, next);
    if (!redesign && next.name === current.name) return (await findPog(tx, pogId))!;
    if (redesign) await assertMayCreate(tx, userId, now, 'edit');
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
        designVersion: redesign ? current.designVersion + 1 : current.designVersion,
        updatedAt: now,
      })
      .where(eq(pogs.id, pogId));
    let flagged = false;
    if (redesign) await tx.insert(pogCreations).values({ userId, pogId, kind: 'edited', createdAt: now });
    else flagged = await flagIfNameBlocked(uow, { ...current, name: next.name });
    const updated = (await findPog(tx, pogId))!;
    // The owner's own view, and the admins': with the moderator's notes.
    const shown = toPogWithNotes(updated, now);
    uow.toUser(updated.pog.userId, 'pog:updated', shown);
    if (flagged) uow.toAdmins('moderation:queue', { action: 'flagged', pog: shown });
    if (redesign) scoreLater(uow, updated.pog);
    return updated;
  });
}

/** Deletes an owned POG and returns what it was. Its pending trades and battles end with it. */
export async function deleteOwnPog(db: Db, pogId: PogId, userId: UserId, now: Date): Promise<PogWithNames> {
  return inUnitOfWork(db, now, async (uow) => {
    const { tx } = uow;
    await lockActor(tx, userId);
    const pog = await lockPog(tx, pogId);
    pogPolicy.authorize('delete', { id: userId }, pog);
    await assertNotRiskedInBattle(tx, [pog]);
    const snapshot = (await findPog(tx, pogId))!;
    await deletePogs(uow, [pogId]);
    uow.toAdmins('moderation:queue', { action: 'deleted', pog: toPogWithNotes(snapshot, now) });
    return snapshot;
  });
}
