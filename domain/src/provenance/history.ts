/**
 * A POG's history: rows written by the commands themselves, inside their own unit of work (create,
 * trade accept, battle resolution, moderation the owner was told of), so an event and its history
 * row commit together or not at all. Nothing here reconstructs history from other tables.
 */
import { desc, eq } from 'drizzle-orm';
import type { HistoryDetails, HistoryEntry, PlayerRef, PogProvenance } from '@pog/common/provenance/schemas';
import type { Db, Tx } from '../db/client';
import { rawQuery, type RawStatement } from '../db/raw-query';
import { pogHistory, type PogHistoryRow } from '../db/schema';
import { toPogFor, type PogWithNames } from '../pogs/repository';
import type { BattleId, PogId, TradeId, UserId } from '@pog/common/schemas/ids';

export interface NewHistoryEntry {
  pogId: PogId;
  details: HistoryDetails;
  tradeId?: TradeId;
  battleId?: BattleId;
}

/** The most entries a page shows (the newest ones); trades are capped by supply, battles are not. */
export const HISTORY_LIMIT = 500;

/**
 * Writes history rows in the caller's transaction: one prepared statement (db/raw-query.ts), in the
 * entries' order (their ids follow it). Every battle group and trade writes some.
 */
export async function recordHistory(tx: Tx, now: Date, entries: NewHistoryEntry[]): Promise<void> {
  if (entries.length === 0) return;
  await rawQuery(tx, INSERT_HISTORY, [historyRows(entries), now]);
}

/** The entries as the parameter `historyInsert` reads them. */
export const historyRows = (entries: NewHistoryEntry[]): string =>
  JSON.stringify(entries.map((e) => ({ pog_id: e.pogId, kind: e.details.kind, trade_id: e.tradeId ?? null, battle_id: e.battleId ?? null, details: e.details })));

/**
 * The INSERT of the history rows of parameter `rows` (`historyRows`) dated `at` (a timestamptz
 * parameter), in their order: a statement, or a part of the caller's own statement (a WITH query)
 * that writes them with its change.
 */
export const historyInsert = (rows: string, at: string): string => `INSERT INTO pog_history (pog_id, kind, trade_id, battle_id, details, created_at)
    SELECT r.pog_id, r.kind, r.trade_id, r.battle_id, r.details, ${at}::timestamptz
    FROM ROWS FROM (jsonb_to_recordset(${rows}::jsonb) AS (pog_id integer, kind text, trade_id integer, battle_id integer, details jsonb))
      WITH ORDINALITY AS r(pog_id, kind, trade_id, battle_id, details, n)
    ORDER BY r.n`;

/** $1: [{ pog_id, kind, trade_id, battle_id, details }], $2: when. */
const INSERT_HISTORY: RawStatement = { name: 'pog_history_insert', text: historyInsert('$1', '$2') };

export const playerRef = (id: UserId, username: string): PlayerRef => ({ id, username });

function toEntry(row: PogHistoryRow): HistoryEntry {
  return { id: row.id, at: row.createdAt.toISOString(), tradeId: row.tradeId, battleId: row.battleId, ...row.details };
}

/** The POG's history, oldest first (at most the newest HISTORY_LIMIT entries). */
export async function historyOf(db: Db | Tx, pogId: PogId): Promise<HistoryEntry[]> {
  const rows = await db.select().from(pogHistory).where(eq(pogHistory.pogId, pogId)).orderBy(desc(pogHistory.id)).limit(HISTORY_LIMIT);
  return rows.reverse().map(toEntry);
}

/** The page of a POG as `viewerId` may see it (the moderator's notes only for its owner). */
export async function pogProvenance(db: Db, found: PogWithNames, viewerId: UserId | undefined, now: Date): Promise<PogProvenance> {
  const history = await historyOf(db, found.pog.id);
  return {
    pog: toPogFor(viewerId, found, now),
    history,
    tradesUsed: found.pog.maxTrades - found.pog.tradesRemaining,
    earlierHistoryMissing: history[0]?.kind !== 'created',
  };
}
