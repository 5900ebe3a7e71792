/** Reading POGs with their owner and creator names, and listing them with keyset pagination. */
import { and, desc, eq, ilike, inArray, lt, ne, or, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { z } from 'zod';
import { cooldownHoursLeft } from '../../pogs/cooldown';
import type { Pog, PogListQuery } from '../../pogs/pog';
import { ValidationError } from '../../errors';
import { idSchema, INT4 } from '../../schemas/ids';
import type { Db, Tx } from '../db/client';
import { pogs, users, type PogRow } from '../db/schema';

const owner = alias(users, 'owner');
const creator = alias(users, 'creator');

const withNames = { pog: pogs, username: owner.username, creatorUsername: creator.username };

export interface PogWithNames {
  pog: PogRow;
  username: string;
  creatorUsername: string;
}

/**
 * A POG as anyone may see it: the moderator's notes are left out (null). The default, so that a
 * list, a trade, a battle or an event cannot leak them by a caller forgetting.
 */
export function toPog(found: PogWithNames, now: Date): Pog {
  return { ...toPogWithNotes(found, now), moderationNotes: null };
}

/** The POG with the moderator's notes: only for admin answers and events, and its owner's own view. */
export function toPogFor(viewerId: number | undefined, found: PogWithNames, now: Date): Pog {
  return viewerId === found.pog.userId ? toPogWithNotes(found, now) : toPog(found, now);
}

/** The POG with the moderator's notes, for admins and the owner only (see `toPogFor`). */
export function toPogWithNotes({ pog, username, creatorUsername }: PogWithNames, now: Date): Pog {
  const cooldownHours = cooldownHoursLeft(pog.cooldownUntil, now);
  return {
    id: pog.id,
    userId: pog.userId,
    username,
    creatorId: pog.creatorId,
    creatorUsername,
    changedHands: pog.changedHands,
    name: pog.name,
    textContent: pog.textContent,
    fontFamily: pog.fontFamily,
    textColor: pog.textColor,
    backgroundColor1: pog.backgroundColor1,
    backgroundColor2: pog.backgroundColor2,
    imageUrl: pog.imageUrl,
    imageStyle: pog.imageStyle,
    imageHash: pog.imageHash,
    rarity: pog.rarity,
    score: pog.score,
    points: pog.points,
    pointsPending: pog.scoredVersion !== pog.designVersion,
    harmony: pog.harmony,
    uniqueness: pog.uniqueness,
    complexity: pog.complexity,
    scoredAt: pog.scoredAt?.toISOString() ?? null,
    maxTrades: pog.maxTrades,
    tradesRemaining: pog.tradesRemaining,
    cooldownUntil: pog.cooldownUntil?.toISOString() ?? null,
    onCooldown: cooldownHours > 0,
    cooldownHours,
    isFlagged: pog.isFlagged,
    isApproved: pog.isApproved,
    moderationStatus: pog.moderationStatus,
    moderationNotes: pog.moderationNotes,
    lastModeratedAt: pog.lastModeratedAt?.toISOString() ?? null,
    createdAt: pog.createdAt.toISOString(),
  };
}

function selectWithNames(db: Db | Tx) {
  return db.select(withNames).from(pogs).innerJoin(owner, eq(owner.id, pogs.userId)).innerJoin(creator, eq(creator.id, pogs.creatorId));
}

export async function findPog(db: Db | Tx, id: number): Promise<PogWithNames | undefined> {
  const rows = await selectWithNames(db).where(eq(pogs.id, id)).limit(1);
  return rows[0];
}

export async function findPogs(db: Db | Tx, ids: number[]): Promise<Map<number, PogWithNames>> {
  if (ids.length === 0) return new Map();
  const rows = await selectWithNames(db).where(inArray(pogs.id, [...new Set(ids)]));
  return new Map(rows.map((r) => [r.pog.id, r]));
}

/** A rejected POG is hidden from everyone but its owner (and the admins' own endpoints). */
export const listed = ne(pogs.moderationStatus, 'rejected');

/** What a page cursor holds: the last row's id (and points when trending), checked like any id. */
const cursorSchema = z.object({ id: idSchema('The cursor'), points: z.number().int().min(INT4.min).max(INT4.max).optional() });
type Cursor = z.infer<typeof cursorSchema>;

function encodeCursor(cursor: Cursor): string {
  return Buffer.from(JSON.stringify(cursor)).toString('base64url');
}

function decodeCursor(raw: string): Cursor {
  let value: unknown;
  try {
    value = JSON.parse(Buffer.from(raw, 'base64url').toString('utf8'));
  } catch {
    value = undefined;
  }
  const cursor = cursorSchema.safeParse(value);
  if (cursor.success) return cursor.data;
  throw new ValidationError('The cursor is not valid. Start again from the first page.');
}

const trendingPoints = sql<number>`coalesce(${pogs.points}, 0)`;

/** One page of listed POGs, newest or trending first, and the cursor of the next page if any. */
export async function listPogs(db: Db, query: PogListQuery): Promise<{ rows: PogWithNames[]; nextCursor: string | undefined }> {
  const conditions: SQL[] = [listed];
  if (query.rarity) conditions.push(eq(pogs.rarity, query.rarity));
  if (query.creator) conditions.push(eq(pogs.creatorId, query.creator));
  if (query.search) {
    const pattern = `%${query.search.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    conditions.push(or(ilike(pogs.name, pattern), ilike(pogs.textContent, pattern), ilike(creator.username, pattern))!);
  }
  const cursor = query.cursor ? decodeCursor(query.cursor) : undefined;
  if (cursor && query.sort === 'trending') {
    // A row comparison, not "points < p OR (points = p AND id < i)": PostgreSQL turns only the
    // former into a range on pogs_listed_trending_idx; the OR scanned every earlier page's rows.
    conditions.push(sql`(${trendingPoints}, ${pogs.id}) < (${cursor.points ?? 0}, ${cursor.id})`);
  } else if (cursor) {
    conditions.push(lt(pogs.id, cursor.id));
  }
  const order = query.sort === 'trending' ? [desc(trendingPoints), desc(pogs.id)] : [desc(pogs.id)];
  const rows = await selectWithNames(db)
    .where(and(...conditions))
    .orderBy(...order)
    .limit(query.limit + 1);
  const more = rows.length > query.limit;
  const page = more ? rows.slice(0, query.limit) : rows;
  const last = page[page.length - 1];
  const nextCursor = more && last ? encodeCursor(query.sort === 'trending' ? { id: last.pog.id, points: last.pog.points ?? 0 } : { id: last.pog.id }) : undefined;
  return { rows: page, nextCursor };
}

/** A player's POGs, newest first; rejected ones only when the owner asks. */
export async function listOwnedPogs(db: Db, userId: number, includeRejected: boolean): Promise<PogWithNames[]> {
  return selectWithNames(db)
    .where(includeRejected ? eq(pogs.userId, userId) : and(eq(pogs.userId, userId), listed))
    .orderBy(desc(pogs.id))
    .limit(500);
}
