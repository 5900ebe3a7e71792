/**
 * Completing accepted battles: the rolls (common/src/battles/rolls.ts, derived from the committed
 * seed), the transfer of each loser's POG to its winner, the completions and the notifications are
 * one transaction with conditional updates. Idempotent: the rolls depend only on the seed, the id and
 * the rarities fixed at acceptance, and a completed battle is returned as stored, so a retried job or
 * a second complete gives the same single result and a single transfer.
 *
 * Completions arriving together are settled together (group commit): one transaction and a handful
 * of set-based statements for the whole group instead of a dozen round trips per battle. That is what
 * lets one worker keep up with hundreds of battles a second (infra/bench/battles.ts). A group whose
 * transaction fails is retried one battle at a time, so an error reaches only its own battle's caller.
 * The group is one unit of work: its events, its weekly arena points (leaderboards/arena.ts), and one
 * achievements check for all its winners, commit with it.
 */
import { createHmac } from 'node:crypto';
import type { Battle } from '@pog/common/battles/api';
import { coinLanding, isCoinFlip } from '@pog/common/battles/coin';
import { resolveBattle, type HmacFactory } from '@pog/common/battles/rolls';
import type { BattleResolution, BattleRollInput } from '@pog/common/battles/schemas';
import { ConflictError, NotFoundError } from '@pog/common/errors';
import { releaseCommitments, releasedByMove, releasedFrom, type ReleasedColumns } from '../commitments';
import type { Db, Tx } from '../db/client';
import { rawQuery, selectColumns, type RawStatement } from '../db/raw-query';
import { battles, pogs, type BattleRow, type PogRow } from '../db/schema';
import { notifyAll, type NewNotification } from '../notifications/repository';
import { inUnitOfWork, type UnitOfWork } from '../outbox/unit-of-work';
import type { Settled } from '../settled';
import { lockPlayers, type LockedPlayer } from '../moderation/player-locks';
import { playerPolicy } from '../users/policy';
import type { PogWithNames } from '../pogs/repository';
import { battleLink } from '@pog/common/notifications/links';
import { MISSING_BATTLE, wrongState } from './commands';
import { battlePolicy } from './policy';
import { battlesShown, lockPogsShown, toBattles } from './repository';
import { historyInsert, historyRows, playerRef, type NewHistoryEntry } from '../provenance/history';
import { scoreArena } from '../leaderboards/arena';
import type { BattleId, PogId, UserId } from '@pog/common/schemas/ids';

export interface CompletionRequest {
  battleId: BattleId;
  /** The participant who pressed the button, or null when the system completes an abandoned battle. */
  actorId: UserId | null;
}

export interface Completion {
  status: 'completed' | 'already-completed';
  battle: Battle;
}

export type CompletionResult = Settled<Completion>;

export interface CompletionHooks {
  /** Runs inside the transaction just before it commits (crash tests stop a worker here). */
  beforeCommit?: () => Promise<void>;
}

/** The published rule's HMAC-SHA256 (battles/rolls.ts), computed here without a thread-pool trip per draw. */
export const nodeHmac: HmacFactory = async (key) => (message) => createHmac('sha256', key).update(message).digest();

/** The battles one group settles at most; a busy worker's further completions wait for the next. */
export const COMPLETION_GROUP_LIMIT = 64;

/**
 * Completes several battles at once: one result per request, in order. Requests for the same battle
 * share its single result: the first completes it, the others see it already completed.
 */
export async function completeBattles(db: Db, requests: CompletionRequest[], now: Date, hooks: CompletionHooks = {}): Promise<CompletionResult[]> {
  try {
    return await settleGroup(db, requests, now, hooks);
  } catch (error) {
    if (requests.length <= 1) throw error;
    // Whatever failed the group (a deadlock, a constraint), retry each battle alone so that only the
    // battle at fault reports an error; nothing of the failed group was committed.
    const results: CompletionResult[] = [];
    for (const request of requests) {
      try {
        results.push((await settleGroup(db, [request], now, hooks))[0]!);
      } catch (error) {
        results.push({ ok: false, error });
      }
    }
    return results;
  }
}

/** One unit of work for the whole group; throws only when its transaction fails. */
async function settleGroup(db: Db, requests: CompletionRequest[], now: Date, hooks: CompletionHooks): Promise<CompletionResult[]> {
  const ids = [...new Set(requests.map((r) => r.battleId))];
  const peeked = new Map((await rawQuery<BattleRow>(db, PEEK_BATTLES, [ids])).map((row) => [row.id, row]));

  // Refusals that need no lock: unknown battles and outsiders.
  const results: Array<CompletionResult | undefined> = requests.map(({ battleId, actorId }) => {
    const row = peeked.get(battleId);
    if (!row) return { ok: false, error: new NotFoundError(MISSING_BATTLE) };
    // A null actor is the system's own settlement (an expiry, a retry), not a player's.
    const outsider = actorId === null ? null : battlePolicy.refusal('complete', { id: actorId }, row);
    return outsider ? { ok: false, error: outsider } : undefined;
  });
  const open = [...peeked.values()].filter((row) => row.status === 'accepted' && requests.some((r, i) => r.battleId === row.id && !results[i]));
  // Seeds, id, type and rarities are fixed once accepted, so the rolls can be drawn before locking.
  const resolutions = new Map<number, BattleResolution>();
  for (const row of open) resolutions.set(row.id, await resolveBattle(rollInput(row), nodeHmac));

  await inUnitOfWork(db, now, async (uow) => {
    const { tx } = uow;
    // One lock order everywhere: the players, then POG rows, then the battles, each in id order. The
    // players' rows are shared: a ban either waits for this settlement or has already cancelled
    // its battles; a battle whose player is banned is refused, never completed.
    const players = await lockPlayers(tx, open.flatMap((row) => [row.challengerId, row.defenderId]).map((id) => ({ id, mode: 'share' as const })));
    // With their names: the battles' answers are made from what these locks read (and the prizes' moves).
    const pogsShown = await lockPogsShown(tx, open.flatMap((row) => [row.challengerPogId, row.defenderPogId]));
    const locked = await lockBattleRows(tx, open.map((row) => row.id));
    const current = new Map([...peeked, ...locked]);
    const stillAccepted = [...locked.values()].filter((row) => row.status === 'accepted');
    const banned = bannedRefusals(stillAccepted, players, requests, results);
    const settled = await settle(uow, stillAccepted.filter((row) => !banned.has(row.id)), resolutions, requests, { players, pogs: pogsShown });

    const shown = new Map((await toBattles(tx, [...current.values()].filter((row) => row.status === 'completed' && !settled.has(row.id)), now)).map((b) => [b.id, b]));
    const firstFor = new Set<number>();
    for (const [i, { battleId }] of requests.entries()) {
      if (results[i]) continue;
      const battle = settled.get(battleId);
      if (battle && !firstFor.has(battleId)) {
        firstFor.add(battleId);
        results[i] = { ok: true, value: { status: 'completed', battle } };
        continue;
      }
      const done = battle ?? shown.get(battleId);
      results[i] = done
        ? { ok: true, value: { status: 'already-completed', battle: done } }
        : { ok: false, error: await wrongState(tx, current.get(battleId)!, 'completed', now) };
    }
    await hooks.beforeCommit?.();
  });
  return results as CompletionResult[];
}

/**
 * Fills in the refusal of every request whose battle has a banned player (403 for a banned actor,
 * 409 otherwise) and returns those battles' ids. A ban cancels its player's battles as it commits, so
 * this guards against a ban recorded any other way: a banned player never wins or loses a POG.
 */
function bannedRefusals(accepted: BattleRow[], players: Map<UserId, LockedPlayer>, requests: CompletionRequest[], results: Array<CompletionResult | undefined>): Set<number> {
  const banned = new Set<number>();
  for (const row of accepted) {
    // Both exist: deleting a player deletes their battles (ON DELETE CASCADE).
    const player = [row.challengerId, row.defenderId].map((id) => players.get(id)).find((p) => p?.isBanned);
    if (!player) continue;
    banned.add(row.id);
    for (const [i, request] of requests.entries()) {
      if (request.battleId !== row.id || results[i]) continue;
      const actor = request.actorId === null ? undefined : players.get(request.actorId);
      results[i] = {
        ok: false,
        error: (actor && playerPolicy.refusal('act', actor, null)) ?? new ConflictError(`This battle cannot be completed: ${player.username} is banned.`),
      };
    }
  }
  return banned;
}

/**
 * An accepted battle's roll input: its rarities are set, and under rule 2 both players' seeds (CHECK
 * constraints guarantee both). A rule 1 battle, made before players gave seeds, rolls as it always did.
 */
export const rollInput = (row: BattleRow): BattleRollInput => ({
  seed: row.seed,
  battleId: row.id,
  battleType: row.battleType,
  challengerRarity: row.challengerRarity!,
  defenderRarity: row.defenderRarity!,
  rollVersion: row.rollVersion,
  challengerSeed: row.challengerSeed,
  defenderSeed: row.defenderSeed,
});

/**
 * The group's statements, hand-written (db/raw-query.ts): one worker runs them for every battle
 * completed, and building them with Drizzle took a tenth of its CPU. `b` is the battles table.
 */
const BATTLE_COLUMNS = selectColumns(battles, 'b');
const PEEK_BATTLES: RawStatement = { name: 'battles_peek', text: `SELECT ${BATTLE_COLUMNS} FROM battles b WHERE b.id = ANY($1::int[])` };
const LOCK_BATTLES: RawStatement = { name: 'battles_lock', text: `SELECT ${BATTLE_COLUMNS} FROM battles b WHERE b.id = ANY($1::int[]) ORDER BY b.id FOR UPDATE` };
/**
 * $1: [{ id, rounds, challenger_roll, defender_roll, winner_id }], $2: the completion's time, $3: the
 * battles' history rows (provenance/history.ts), written with them, $4: the battles' ids.
 *
 * The ids again, as an array (here and in the transfer): a unit of work's statements run on one
 * generic plan (outbox/transaction.ts), which cannot know how many rows the JSON holds (it guesses
 * 100) and then joins them to a scan of the whole table; with the array, by the primary key.
 */
const COMPLETE_BATTLES: RawStatement = {
  name: 'battles_complete',
  text: `WITH history AS (${historyInsert('$3', '$2')})
    UPDATE battles AS b SET status = 'completed', rounds = m.rounds, challenger_roll = m.challenger_roll, defender_roll = m.defender_roll,
      winner_id = m.winner_id, completed_at = $2, updated_at = $2
    FROM jsonb_to_recordset($1::jsonb) AS m(id integer, rounds jsonb, challenger_roll integer, defender_roll integer, winner_id integer)
    WHERE b.id = ANY($4::int[]) AND b.id = m.id AND b.status = 'accepted' RETURNING ${BATTLE_COLUMNS}`,
};
/**
 * $1: [{ id, winner_id, loser_id }], $2: the transfer's time, $3: the POGs' ids (see
 * COMPLETE_BATTLES). Moves a POG only from its loser, and answers the POGs moved as they are now,
 * each with what the move released and what is left to release (commitments.ts, releasedByMove).
 */
const RELEASED_BY_TRANSFER = releasedByMove('moved');
const TRANSFER_PRIZES: RawStatement = {
  name: 'battles_transfer_prizes',
  text: `WITH moved AS (UPDATE pogs AS p SET user_id = m.winner_id, changed_hands = true, updated_at = $2
      FROM jsonb_to_recordset($1::jsonb) AS m(id integer, winner_id integer, loser_id integer)
      WHERE p.id = ANY($3::int[]) AND p.id = m.id AND p.user_id = m.loser_id RETURNING ${selectColumns(pogs, 'p')}),
    ${RELEASED_BY_TRANSFER.queries}
    SELECT moved.*, ${RELEASED_BY_TRANSFER.columns} FROM moved`,
};

async function lockBattleRows(tx: Tx, ids: BattleId[]): Promise<Map<BattleId, BattleRow>> {
  if (ids.length === 0) return new Map();
  const rows = await rawQuery<BattleRow>(tx, LOCK_BATTLES, [ids]);
  return new Map(rows.map((row) => [row.id, row]));
}

/** Who won a battle and what moves: the loser's POG, if they risked one. */
function outcomeOf(row: BattleRow, resolution: BattleResolution) {
  const challengerWon = resolution.winner === 'challenger';
  return {
    row,
    resolution,
    challengerWon,
    winnerId: challengerWon ? row.challengerId : row.defenderId,
    loserId: challengerWon ? row.defenderId : row.challengerId,
    loserPogId: challengerWon ? row.defenderPogId : row.challengerPogId,
  };
}

type Outcome = ReturnType<typeof outcomeOf>;

/** The group's players and POGs as their locks read them (the POGs with their holders' and creators' names). */
interface Locked {
  players: ReadonlyMap<UserId, LockedPlayer>;
  pogs: Map<PogId, PogWithNames>;
}

/**
 * Moves each loser's POG to its winner where the loser still holds it: the POGs moved, as they are
 * now, and what the move released of their commitments (none moved: nothing).
 */
async function transferPrizes({ tx, now }: UnitOfWork, transfers: Outcome[]) {
  if (transfers.length === 0) return { moved: new Map<PogId, PogRow>(), released: undefined };
  const rows = await rawQuery<PogRow & ReleasedColumns>(tx, TRANSFER_PRIZES, [
    JSON.stringify(transfers.map((o) => ({ id: o.loserPogId, winner_id: o.winnerId, loser_id: o.loserId }))),
    now,
    transfers.map((o) => o.loserPogId),
  ]);
  const moved = new Map(rows.map(({ pendingTrades: _trades, pendingBattles: _battles, marksReleased: _marks, ...pog }) => [pog.id, pog as PogRow]));
  return { moved, released: rows[0] && releasedFrom(rows[0]) };
}

/** The 'battle.completed' notices of a battle's players, but for `actorId`, who sees the result on screen. */
function completionNotices(o: Outcome, battle: Battle, actorId: UserId | null): NewNotification[] {
  const winner = o.challengerWon ? battle.challenger : battle.defender;
  const loser = o.challengerWon ? battle.defender : battle.challenger;
  const prizePog = o.challengerWon ? battle.defenderPog : battle.challengerPog;
  const prize = prizePog?.name ?? 'their POG';
  // A flip reads as heads and tails (battles/coin.ts); other battles by their deciding rolls.
  const flip = isCoinFlip(o.row);
  const score = flip ? coinLanding(o.resolution.winner) : `${o.resolution.challengerRoll} to ${o.resolution.defenderRoll}`;
  const notices: NewNotification[] = [];
  for (const userId of [o.row.challengerId, o.row.defenderId]) {
    if (userId === actorId) continue;
    const won = userId === o.winnerId;
    notices.push({
      userId,
      kind: 'battle.completed',
      title: won ? 'Battle won!' : 'Battle lost',
      body: flip
        ? won
          ? `${score}: you beat ${loser.username} and won ${prize}.`
          : `${score}: ${winner.username} beat you and took ${prize}.`
        : won
          ? `You beat ${loser.username} (${score}) and won ${prize}.`
          : `${winner.username} beat you (${score}) and took ${prize}.`,
      link: battleLink(battle.id),
    });
  }
  return notices;
}

/**
 * Completes these locked, accepted battles, with their history, and moves each loser's POG to its
 * winner: conditional on the battle still being accepted and the loser still holding the POG, so that
 * no POG is ever moved from someone else or twice. Returns the completed battles by id.
 */
async function settle(
  uow: UnitOfWork,
  rows: BattleRow[],
  resolutions: Map<number, BattleResolution>,
  requests: CompletionRequest[],
  locked: Locked,
): Promise<Map<number, Battle>> {
  if (rows.length === 0) return new Map();
  const { tx, now } = uow;
  const outcomes = rows.map((row) => outcomeOf(row, resolutions.get(row.id)!));

  const completedRows = await rawQuery<BattleRow>(tx, COMPLETE_BATTLES, [
    JSON.stringify(outcomes.map((o) => ({ id: o.row.id, rounds: o.resolution.rounds, challenger_roll: o.resolution.challengerRoll, defender_roll: o.resolution.defenderRoll, winner_id: o.winnerId }))),
    now,
    historyRows(outcomes.flatMap((o) => battleHistory(o, locked))),
    outcomes.map((o) => o.row.id),
  ]);
  // The rows are locked and were accepted, so every one of them completes; anything else is a bug
  // that must not commit half a group.
  if (completedRows.length !== rows.length) throw new ConflictError('A battle was completed by someone else at the same moment. Please refresh.');
  const completedIds = new Set(completedRows.map((row) => row.id));
  // The weekly arena's points, in this transaction: they commit with the battles or not at all.
  await scoreArena(tx, now, outcomes.map((o) => ({ battleId: o.row.id, winnerId: o.winnerId, loserId: o.loserId })));

  const transfers = outcomes.filter((o) => completedIds.has(o.row.id) && o.loserPogId !== null);
  const { moved, released } = await transferPrizes(uow, transfers);
  // Every other pending offer or challenge of a POG that changed hands ends (only pending ones are
  // touched, so the battles completed here are left alone).
  for (const o of transfers) {
    if (o.loserPogId === null || !moved.has(o.loserPogId)) continue;
    uow.pogsHeldChanged(o.winnerId, 1);
    uow.pogsHeldChanged(o.loserId, -1);
    // The prize as the move left it, held by the winner (locked, so their name is as read).
    locked.pogs.set(o.loserPogId, { ...locked.pogs.get(o.loserPogId)!, pog: moved.get(o.loserPogId)!, username: locked.players.get(o.winnerId)!.username });
  }
  if (moved.size > 0) await releaseCommitments(uow, { pogIds: [...moved.keys()] }, 'battled', released);

  // The players' rows are locked FOR SHARE and the POGs' FOR UPDATE: what the locks read is what is stored.
  const shown = new Map(battlesShown(completedRows, locked.players, locked.pogs, now).map((battle) => [battle.id, battle]));
  const notices: NewNotification[] = [];
  for (const o of outcomes) {
    const battle = shown.get(o.row.id)!;
    const prizePog = o.challengerWon ? battle.defenderPog : battle.challengerPog;
    // The player who pressed the button sees the result on screen; the other one (or both, when the
    // system completed an abandoned battle) is told.
    const actorId = requests.find((r) => r.battleId === o.row.id)?.actorId ?? null;
    notices.push(...completionNotices(o, battle, actorId));
    uow.toUser(o.row.challengerId, 'battle:updated', battle);
    uow.toUser(o.row.defenderId, 'battle:updated', battle);
    // The prize as it is now (owned by the winner): the winner's collection gains it live.
    if (o.loserPogId !== null && moved.has(o.loserPogId) && prizePog) {
      uow.toUser(o.winnerId, 'pog:updated', prizePog);
      uow.toUser(o.loserId, 'pog:updated', prizePog);
    }
  }
  await notifyAll(uow, notices);
  // The winners have one more win and one more POG: one achievements check for all of them.
  uow.enqueue('achievements.check', { userIds: [...new Set(outcomes.map((o) => o.winnerId))] });
  return shown;
}

/**
 * One history row for each POG the battle risked: who held it, against whom and what, the rolls and
 * the result. Names as the locks read them, before the prize moves.
 */
function battleHistory({ row, resolution, challengerWon }: Outcome, locked: Locked): NewHistoryEntry[] {
  const named = (userId: UserId) => playerRef(userId, locked.players.get(userId)!.username);
  const pogRef = (pogId: PogId | null) => {
    const found = pogId === null ? undefined : locked.pogs.get(pogId);
    return found ? { id: found.pog.id, name: found.pog.name } : null;
  };
  const sides = [
    { pogId: row.challengerPogId, holder: row.challengerId, opponent: row.defenderId, opponentPog: row.defenderPogId, rolls: [resolution.challengerRoll, resolution.defenderRoll], won: challengerWon },
    { pogId: row.defenderPogId, holder: row.defenderId, opponent: row.challengerId, opponentPog: row.challengerPogId, rolls: [resolution.defenderRoll, resolution.challengerRoll], won: !challengerWon },
  ];
  return sides.flatMap(({ pogId, holder, opponent, opponentPog, rolls, won }) =>
    pogId === null
      ? []
      : [
          {
            pogId,
            battleId: row.id,
            details: {
              kind: 'battled' as const,
              battleType: row.battleType,
              holder: named(holder),
              opponent: named(opponent),
              opponentPog: pogRef(opponentPog),
              holderRoll: rolls[0]!,
              opponentRoll: rolls[1]!,
              won,
            },
          },
        ],
  );
}
