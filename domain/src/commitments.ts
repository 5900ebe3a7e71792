/**
 * What happens to the offers and challenges a POG or a player is part of when something changes
 * underneath them. One entry point, called inside the transaction that made the change:
 *
 * - a POG changes hands (trade accepted, battle won) or is rejected by a moderator: every other
 *   PENDING trade and PENDING battle involving it is cancelled;
 * - a POG is deleted (deletePogs): its pending trades and its pending and accepted battles are
 *   cancelled, and every trade and battle keeps its history without it;
 * - a player is banned: every pending trade and every pending or accepted battle they are part of is
 *   cancelled (nothing moves).
 *
 * - a POG that moves, is rejected or is deleted loses its 'up for trade' mark, and its new holder's
 *   want of it (wishlists/release.ts); whoever wants it is told.
 *
 * Each domain provides a canceller, listed below; the notifications they store and the events they
 * record are part of the caller's unit of work. A POG risked in an ACCEPTED battle is locked
 * instead: trades and a player's own deletes refuse it (assertNotRiskedInBattle) until the battle is
 * decided.
 */
import { inArray } from 'drizzle-orm';
import { ConflictError } from '@pog/common/errors';
import { cancelBattlesFor, detachBattlesFrom, pogsInAcceptedBattles } from './battles/cancel';
import type { Tx } from './db/client';
import { rawQuery, type RawStatement } from './db/raw-query';
import { pogs } from './db/schema';
import type { UnitOfWork } from './outbox/unit-of-work';
import type { Canceller, Detacher, ReleaseReason, ReleaseScope } from './release-reasons';
import { cancelTradesFor, detachTradesFrom } from './trades/cancel';
import { marksConcerned, releaseMarksQueries, type MarkChange } from './wishlists/marks';
import { releaseMarks } from './wishlists/release';
import type { PogId } from '@pog/common/schemas/ids';

export * from './release-reasons';

const cancellers: Canceller[] = [cancelTradesFor, cancelBattlesFor];
const detachers: Detacher[] = [detachTradesFrom, detachBattlesFrom];

/**
 * `moved`: what the statement that moved these POGs (scope.pogIds) read and released of them along
 * the way (`releasedByMove`); without it, this reads and releases them.
 */
export async function releaseCommitments(uow: UnitOfWork, scope: ReleaseScope, reason: ReleaseReason, moved?: ReleasedByMove): Promise<void> {
  const pending = moved?.pending ?? (scope.userId === undefined && !scope.detach && scope.pogIds?.length ? await pendingOf(uow.tx, scope.pogIds) : undefined);
  for (const [i, cancel] of cancellers.entries()) if (!pending || pending[i]) await cancel(uow, scope, reason);
  // Marks of POGs that moved or went away: up for trade by a former holder, wanted by the new one.
  if (scope.pogIds?.length) await releaseMarks(uow, scope.pogIds, moved?.marks);
}

/** What a statement that moved POGs read and released of their commitments. */
export interface ReleasedByMove {
  pending: PendingCommitments;
  /** Who the marks it released concern. */
  marks: MarkChange[];
}

/** The columns `releasedByMove` adds to a statement. */
export interface ReleasedColumns extends PendingColumns {
  marksReleased: MarkChange[];
}

/**
 * For a statement that moves POGs, whose WITH query `moved` answers them with their ids and new
 * holders (columns "id", "userId"), holding their rows FOR UPDATE: the WITH queries that release
 * their marks, as releaseCommitments would, and the columns that tell what it still has to do
 * (`releasedFrom`), so that it needs no statement of its own for them.
 */
export function releasedByMove(moved: string): { queries: string; columns: string } {
  const ids = `(SELECT array_agg(${moved}.id) FROM ${moved})::int[]`;
  return {
    queries: releaseMarksQueries(ids, `(SELECT id, "userId" AS user_id FROM ${moved})`),
    columns: `${pendingOfPogsColumns(ids)}, (SELECT coalesce(jsonb_agg(c), '[]'::jsonb) FROM (${marksConcerned(ids)}) AS c) AS "marksReleased"`,
  };
}

/** A row's `releasedByMove` columns, as releaseCommitments takes them. */
export const releasedFrom = (row: ReleasedColumns): ReleasedByMove => ({ pending: pendingCommitments(row), marks: row.marksReleased });

/**
 * Whether any PENDING trade, and any PENDING battle, names one of the POGs of `ids` (an int[]
 * expression): two columns of one statement (db/raw-query.ts; or of the caller's own statement that
 * changed the POGs) instead of the cancellers' two updates, which find nothing after nearly every
 * battle and trade. Its answer holds for the rest of the transaction: the caller holds these POGs'
 * rows FOR UPDATE, and naming a POG in an offer or a challenge locks its row (a foreign key's KEY
 * SHARE at least), so no such offer or challenge can commit meanwhile.
 */
export const pendingOfPogsColumns = (ids: string): string =>
  `EXISTS (SELECT 1 FROM trades WHERE status = 'pending' AND (offer_pog_id = ANY(${ids}) OR request_pog_id = ANY(${ids}))) AS "pendingTrades",
    EXISTS (SELECT 1 FROM battles WHERE status = 'pending' AND (challenger_pog_id = ANY(${ids}) OR defender_pog_id = ANY(${ids}))) AS "pendingBattles"`;

const PENDING_OF_POGS: RawStatement = { name: 'commitments_pending_of_pogs', text: `SELECT ${pendingOfPogsColumns('$1::int[]')}` };

/** The columns `pendingOfPogsColumns` reads. */
export interface PendingColumns {
  pendingTrades: boolean;
  pendingBattles: boolean;
}

/** In the cancellers' order: [trades, battles]; true where there may be some. */
export type PendingCommitments = [boolean, boolean];

/** A row's `pendingOfPogsColumns` as releaseCommitments takes them (none read: assume there may be some). */
export const pendingCommitments = (row: PendingColumns | undefined): PendingCommitments => [row?.pendingTrades !== false, row?.pendingBattles !== false];

async function pendingOf(tx: Tx, pogIds: PogId[]): Promise<PendingCommitments> {
  const [row] = await rawQuery<PendingColumns>(tx, PENDING_OF_POGS, [pogIds]);
  return pendingCommitments(row);
}

/**
 * Deletes POGs whose rows the caller holds FOR UPDATE. Every trade and battle row that refers to them
 * is updated exactly once, before the DELETE (open ones cancelled and detached in one statement,
 * finished ones detached), so the foreign keys' ON DELETE SET NULL finds nothing left to do. Letting
 * it do the work deadlocked: its update was the second one of a just-cancelled row in
 * this transaction, and PostgreSQL then re-checks the row's OTHER POG reference with a KEY SHARE lock
 * on that POG, a lock taken after the trade rows, out of the lock order, while an accept held that
 * POG and waited for ours.
 */
export async function deletePogs(uow: UnitOfWork, pogIds: PogId[]): Promise<void> {
  if (pogIds.length === 0) return;
  await releaseCommitments(uow, { pogIds, detach: true }, 'deleted');
  for (const detach of detachers) await detach(uow.tx, pogIds);
  const deleted = await uow.tx.delete(pogs).where(inArray(pogs.id, pogIds)).returning({ userId: pogs.userId });
  for (const { userId } of deleted) uow.pogsHeldChanged(userId, -1);
}

/** 409 when one of these POGs is risked in a battle that is about to be decided. */
export async function assertNotRiskedInBattle(tx: Tx, candidates: { id: PogId; name: string }[]): Promise<void> {
  refuseRiskedInBattle(candidates, await pogsInAcceptedBattles(tx, candidates.map((p) => p.id)));
}

/** assertNotRiskedInBattle's refusal, given which of the candidates accepted battles risk (read by the caller's own statement). */
export function refuseRiskedInBattle(candidates: { id: PogId; name: string }[], riskedIds: readonly PogId[]): void {
  const risked = new Set(riskedIds);
  const pog = candidates.find((p) => risked.has(p.id));
  if (pog) throw new ConflictError(`${pog.name} is risked in a battle that is about to be decided, so it cannot change hands or be deleted until then.`);
}
