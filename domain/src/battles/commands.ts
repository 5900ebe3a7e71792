/**
 * Challenging, accepting, declining and cancelling battles (the product spec (states and roles), decisions.md
 * Battles). Every command is one transaction with conditional updates, so two answers to the same
 * challenge can never both win. Locks are always taken in one order (players in id order, then POGs
 * in id order, then the battle), the order trades and the commitment cancellers use too, so that they
 * cannot deadlock. Every command locks the players it concerns first and re-reads their bans there
 * (moderation/player-locks.ts): a ban waits for the command, then ends what it left open, or the
 * command sees the ban.
 */
import { and, eq } from 'drizzle-orm';
import type { Battle, CreateBattleRequest } from '@pog/common/battles/api';
import { createHash } from 'node:crypto';
import { generateClientSeed, generateSeed } from '@pog/common/battles/rolls';
import { CHALLENGES, EXPIRY } from '@pog/common/constants';
import { challengeAnswerNotice } from '@pog/common/notifications/answers';
import { BATTLE_LINK_PREFIX, battleLink } from '@pog/common/notifications/links';
import { AppError, ConflictError, NotFoundError, RateLimitedError, ValidationError } from '@pog/common/errors';
import { pogUnavailable, secondsUntil } from '@pog/common/pogs/availability';
import { formatWait } from '@pog/common/pogs/creation-limits';
import type { BattleId, NotificationId, PogId, UserId } from '@pog/common/schemas/ids';
import type { Db, Tx } from '../db/client';
import { rawQuery, selectColumns, type RawStatement } from '../db/raw-query';
import { battles, type BattleRow, type PogRow } from '../db/schema';
import { notify, notifyStored } from '../notifications/repository';
import { inUnitOfWork, type UnitOfWork } from '../outbox/unit-of-work';
import { lockActor } from '../moderation/player-locks';
import { battlePolicy, MISSING_BATTLE } from './policy';
import { battlesShown, findBattleRow, lockBattleRow, lockPogsShown, openBattlesRisking, riskableSql, toBattle } from './repository';

const HOUR_MS = 3600 * 1000;
export { MISSING_BATTLE };

/**
 * Why this POG cannot be risked by this player right now (decisions.md, Limits), or null, leaving out
 * whether it is already in an open battle: the challenge's and the accept's writes check that
 * themselves (`notInOpenBattle`), with no statement of its own on the way. Its SQL twin, for
 * lists (who can be challenged), is `riskable` in ./repository.ts.
 */
function riskRefusal(pog: PogRow | undefined, ownerId: UserId, now: Date): AppError | null {
  if (!pog) return new NotFoundError('That POG does not exist (it may have been deleted).');
  const notTheirs = battlePolicy.refusal('riskPog', { id: ownerId }, pog);
  if (notTheirs) return notTheirs;
  const refusal = pogUnavailable(pog, 'risk', now);
  switch (refusal?.reason) {
    case undefined:
      return null;
    case 'rejected':
      return new ConflictError(`${pog.name} was rejected by a moderator and cannot be risked in a battle.`);
    case 'exhausted':
      return new ConflictError(`${pog.name} has no trades left (its supply is used up) and cannot be risked in a battle.`);
    case 'cooldown': {
      const wait = secondsUntil(refusal.until!, now);
      return new AppError('COOLDOWN', `${pog.name} is on cooldown for ${formatWait(wait)} more and cannot be risked in a battle yet.`, { retryAfterSeconds: wait });
    }
    case 'in-battle':
      return inOpenBattle(pog);
  }
}

/** The refusal of a POG already risked in an open battle, on either side. */
const inOpenBattle = (pog: PogRow): ConflictError => new ConflictError(`${pog.name} is already risked in another battle. Finish that one first.`);

/** Whether the POG is risked in an open battle now (for a refusal whose order puts this first). */
const riskedNow = async (tx: Tx, pogId: PogId): Promise<boolean> => (await openBattlesRisking(tx, [pogId])).length > 0;

/** The 409 for a battle that is no longer in the state an action needs; it carries the battle as it is. */
export async function wrongState(db: Db | Tx, row: BattleRow, action: string, now: Date): Promise<ConflictError> {
  const battle = await toBattle(db, row, now);
  return new ConflictError(`This battle cannot be ${action}: it is ${row.status}.`, { battle });
}

/**
 * The published commitment of a seed (common's `seedHashOf`: hex SHA-256 of its 32 bytes), computed
 * here with node:crypto, without WebCrypto's trip to the thread pool.
 */
export const nodeSeedHash = (seedHex: string): string => createHash('sha256').update(Buffer.from(seedHex, 'hex')).digest('hex');

/**
 * The challenge's and the accept's writes, hand-written (db/raw-query.ts): built by Drizzle on every
 * call they cost the gateway more than running them. A new challenge is of rule 2 (the players' seeds).
 */
const BATTLE_COLUMNS = selectColumns(battles, 'b');
/**
 * No open battle risks the POG `$n` on either side. The writes below check it as they write: the
 * POG is locked by then (lockPogsShown), so no other command can put it into a battle meanwhile.
 */
const notInOpenBattle = (n: number) =>
  `NOT EXISTS (SELECT 1 FROM battles o WHERE o.status IN ('pending', 'accepted') AND (o.challenger_pog_id = $${n}::int OR o.defender_pog_id = $${n}::int))`;
/**
 * When the challenger's last CHALLENGES.unansweredPerPlayerPerHour challenges to this defender that
 * ended unanswered (battles_unanswered_idx) all ended within the hour before `$8`: the oldest of
 * them, whose hour's end frees a challenge again; else null.
 */
const UNANSWERED_SINCE = `(SELECT u.updated_at FROM battles u
      WHERE u.challenger_id = $2::int AND u.defender_id = $3::int AND u.status IN ('cancelled', 'declined') AND u.accepted_at IS NULL
        AND u.updated_at > $8::timestamptz - interval '1 hour'
      ORDER BY u.updated_at DESC OFFSET ${CHALLENGES.unansweredPerPlayerPerHour - 1} LIMIT 1)`;
/**
 * The challenge's row and the defender's notice ($10 to $12: kind, title, body; the link is the
 * battle's) in one round trip, unless the challenger's POG is already in an open battle: then
 * neither. `defenderCanRisk` says whether the defender holds a POG they could risk (only a player
 * who could accept can be challenged) and `unansweredSince` whether the challenger has challenged
 * them unanswered too often (UNANSWERED_SINCE); either refuses the command, which rolls both back.
 */
const INSERT_CHALLENGE: RawStatement = {
  name: 'battle_challenge',
  text: `WITH battle AS (
      INSERT INTO battles AS b (battle_type, challenger_id, defender_id, challenger_pog_id, seed, seed_hash, roll_version, challenger_seed, created_at, updated_at, expires_at)
      SELECT $1::text, $2::int, $3::int, $4::int, $5::text, $6::text, 2, $7::text, $8::timestamptz, $8::timestamptz, $9::timestamptz WHERE ${notInOpenBattle(4)}
      ON CONFLICT DO NOTHING RETURNING ${BATTLE_COLUMNS}
    ), notice AS (
      INSERT INTO notifications AS n (user_id, kind, title, body, link)
      SELECT battle."defenderId", $10::text, $11::text, $12::text, '${BATTLE_LINK_PREFIX}' || battle.id FROM battle
      RETURNING n.id AS "noticeId", n.created_at AS "noticeCreatedAt"
    )
    SELECT EXISTS (SELECT 1 FROM pogs d WHERE d.user_id = $3::int AND ${riskableSql('d', '$8::timestamptz')}) AS "defenderCanRisk",
      ${UNANSWERED_SINCE} AS "unansweredSince", battle.*, notice.*
    FROM (VALUES (1)) AS one (n) LEFT JOIN battle ON true LEFT JOIN notice ON true`,
};
type InsertedChallenge = Partial<BattleRow> & { defenderCanRisk: boolean; unansweredSince: Date | null; noticeId: NotificationId | null; noticeCreatedAt: Date | null };

/**
 * The accepted battle and the challenger's notice ($8 to $11: kind, title, body, link) in one round
 * trip; neither when the battle is no longer pending or the defender's POG is already in an open battle.
 */
const ACCEPT_CHALLENGE: RawStatement = {
  name: 'battle_accept',
  text: `WITH battle AS (
      UPDATE battles AS b SET status = 'accepted', defender_pog_id = $2::int, challenger_rarity = $3::text, defender_rarity = $4::text,
        defender_seed = $5::text, accepted_at = $6::timestamptz, updated_at = $6::timestamptz, expires_at = $7::timestamptz
      WHERE b.id = $1::int AND b.status = 'pending' AND ${notInOpenBattle(2)} RETURNING ${BATTLE_COLUMNS}
    ), notice AS (
      INSERT INTO notifications AS n (user_id, kind, title, body, link)
      SELECT battle."challengerId", $8::text, $9::text, $10::text, $11::text FROM battle
      RETURNING n.id AS "noticeId", n.created_at AS "noticeCreatedAt"
    )
    SELECT battle.*, notice.* FROM battle LEFT JOIN notice ON true`,
};
type AcceptedChallenge = BattleRow & { noticeId: NotificationId | null; noticeCreatedAt: Date | null };

const TYPE_WORDS: Record<Battle['battleType'], string> = { standard: 'a standard', championship: 'a championship (best of three)', flip: 'a coin-flip' };

/** Both players see the battle as it is now. */
function announce(uow: UnitOfWork, event: 'battle:created' | 'battle:updated', battle: Battle): Battle {
  uow.toUser(battle.defenderId, event, battle);
  // The challenger's other tabs learn of it too.
  uow.toUser(battle.challengerId, event, battle);
  return battle;
}

export async function createBattle(db: Db, actorId: UserId, input: CreateBattleRequest, now: Date): Promise<Battle> {
  battlePolicy.authorize('challengeAs', { id: actorId }, input.challengerId);
  if (input.challengerId === input.defenderId) throw new ValidationError('You cannot battle yourself. Choose another player.');
  // The seed is drawn before any POG is locked: it depends on nothing in the database. The rolls
  // also take both players' seeds (rule 2): the defender's comes with the accept, after this seed's
  // hash is published. A client that sends no seed of its own gets one drawn here.
  const seed = generateSeed();
  const seedHash = nodeSeedHash(seed);
  return inUnitOfWork(db, now, async (uow) => {
    const { tx } = uow;
    // Share locks on both players: a ban being written waits for us, or we see it.
    const players = await lockActor(tx, input.challengerId, 'share', [input.defenderId]);
    const defender = players.get(input.defenderId);
    if (!defender) throw new NotFoundError('That player does not exist.');
    const challenger = players.get(input.challengerId)!;
    battlePolicy.authorize('challenge', challenger, defender);
    const shownPogs = await lockPogsShown(tx, [input.challengerPogId]);
    const pog = shownPogs.get(input.challengerPogId)?.pog;
    const refusal = riskRefusal(pog, input.challengerId, now);
    if (refusal) throw refusal;

    const notice = {
      userId: input.defenderId,
      kind: 'battle.challenged',
      title: 'New battle challenge',
      body: `${challenger.username} challenged you to ${TYPE_WORDS[input.battleType]} battle, risking ${pog!.name}.`,
    } as const;
    const [result] = await rawQuery<InsertedChallenge>(tx, INSERT_CHALLENGE, [
      input.battleType,
      input.challengerId,
      input.defenderId,
      input.challengerPogId,
      seed,
      seedHash,
      input.challengerSeed ?? generateClientSeed(),
      now,
      new Date(now.getTime() + EXPIRY.pendingBattleHours * HOUR_MS),
      notice.kind,
      notice.title,
      notice.body,
    ]);
    const { defenderCanRisk, unansweredSince, noticeId, noticeCreatedAt, ...inserted } = result!;
    if (unansweredSince) throw tooManyUnanswered(defender.username, unansweredSince, now);
    if (inserted.id == null) throw inOpenBattle(pog!);
    // Only a player who could accept can be challenged (decisions.md, Who may trade for what).
    if (!defenderCanRisk) {
      throw new ConflictError(`${defender.username} has no POG they could risk in a battle right now, so they cannot be challenged.`);
    }
    const row = inserted as BattleRow;
    // The players and the POG are locked: the answer shows them as read, with no second read.
    const [created] = battlesShown([row], players, shownPogs, now) as [Battle];
    notifyStored(uow, { ...notice, link: battleLink(created.id) }, { id: noticeId!, createdAt: noticeCreatedAt! });
    return announce(uow, 'battle:created', created);
  });
}

/** 429 until the oldest of the challenger's recent unanswered challenges to this player is an hour old. */
function tooManyUnanswered(defenderName: string, oldest: Date, now: Date): RateLimitedError {
  const wait = (new Date(oldest).getTime() + HOUR_MS - now.getTime()) / 1000;
  return new RateLimitedError(
    wait,
    `${defenderName} has not taken up your last ${CHALLENGES.unansweredPerPlayerPerHour} challenges this hour. You can challenge them again in ${formatWait(wait)}.`,
  );
}

/** What the defender adds when accepting, besides the POG: their own seed (drawn here when absent). */
export interface AcceptOptions {
  defenderSeed?: string;
}

export async function acceptBattle(db: Db, battleId: BattleId, userId: UserId, defenderPogId: PogId, now: Date, options: AcceptOptions = {}): Promise<Battle> {
  const peek = await findBattleRow(db, battleId);
  if (!peek) throw new NotFoundError(MISSING_BATTLE);
  battlePolicy.authorize('accept', { id: userId }, peek);
  return inUnitOfWork(db, now, async (uow) => {
    const { tx } = uow;
    const players = await lockActor(tx, userId, 'share', [peek.challengerId]);
    const shownPogs = await lockPogsShown(tx, [peek.challengerPogId, defenderPogId]);
    const locked = new Map([...shownPogs].map(([id, shown]) => [id, shown.pog]));
    const row = (await lockBattleRow(tx, battleId))!;
    if (row.status !== 'pending') throw await wrongState(tx, row, 'accepted', now);
    // A ban cancels the banned player's battles as it commits; this guards against one recorded otherwise.
    const challenger = players.get(row.challengerId);
    if (!challenger || challenger.isBanned) throw new ConflictError('The challenger is banned, so this battle cannot go ahead.');
    const refusal = riskRefusal(locked.get(defenderPogId), userId, now);
    if (refusal) throw refusal;
    const defenderPog = locked.get(defenderPogId)!;
    const challengerPog = row.challengerPogId === null ? undefined : locked.get(row.challengerPogId);
    if (!challengerPog || challengerPog.userId !== row.challengerId) {
      // The defender's POG in another battle is the refusal that comes first.
      if (await riskedNow(tx, defenderPogId)) throw inOpenBattle(defenderPog);
      throw new ConflictError("The challenger's POG is no longer theirs, so this battle cannot go ahead.", { battle: await toBattle(tx, row, now) });
    }
    // Told before the write, from the locked rows, so that it is stored with it.
    const notice = { userId: row.challengerId, kind: 'battle.accepted', ...challengeAnswerNotice({ id: battleId, status: 'accepted', defender: players.get(userId)!, defenderPog })! } as const;
    const [result] = await rawQuery<AcceptedChallenge>(tx, ACCEPT_CHALLENGE, [
      battleId,
      defenderPogId,
      challengerPog.rarity,
      defenderPog.rarity,
      // Rule 1 battles (made before players contributed seeds) stay without one.
      row.rollVersion === 2 ? (options.defenderSeed ?? generateClientSeed()) : null,
      now,
      new Date(now.getTime() + EXPIRY.acceptedBattleHours * HOUR_MS),
      notice.kind,
      notice.title,
      notice.body,
      notice.link,
    ]);
    // The battle is locked and pending: no row means the defender's POG is in another battle.
    if (!result) throw inOpenBattle(defenderPog);
    const { noticeId, noticeCreatedAt, ...updated } = result;
    // Both players and both POGs are locked and unchanged: the answer shows them as read.
    const [accepted] = battlesShown([updated], players, shownPogs, now) as [Battle];
    notifyStored(uow, notice, { id: noticeId!, createdAt: noticeCreatedAt! });
    return announce(uow, 'battle:updated', accepted);
  });
}

/** Stores the challenger's notice of the answer (common/notifications/answers.ts), linking to the battle. */
async function tellChallenger(uow: UnitOfWork, battle: Battle, kind: 'battle.accepted' | 'battle.declined'): Promise<void> {
  const notice = challengeAnswerNotice(battle);
  if (notice) await notify(uow, { userId: battle.challengerId, kind, ...notice });
}

/** Declining (defender) and cancelling (challenger) end a pending battle; nothing else changes. */
async function endPending(db: Db, battleId: BattleId, userId: UserId, as: 'declined' | 'cancelled', now: Date): Promise<Battle> {
  const peek = await findBattleRow(db, battleId);
  if (!peek) throw new NotFoundError(MISSING_BATTLE);
  battlePolicy.authorize(as === 'declined' ? 'decline' : 'cancel', { id: userId }, peek);
  return inUnitOfWork(db, now, async (uow) => {
    const { tx } = uow;
    const actor = (await lockActor(tx, userId)).get(userId)!;
    const [updated] = await tx
      .update(battles)
      .set({ status: as, updatedAt: now })
      .where(and(eq(battles.id, battleId), eq(battles.status, 'pending')))
      .returning();
    if (!updated) throw await wrongState(tx, (await findBattleRow(tx, battleId))!, as, now);
    const ended = await toBattle(tx, updated, now);
    if (as === 'declined') await tellChallenger(uow, ended, 'battle.declined');
    else {
      await notify(uow, {
        userId: ended.defenderId,
        kind: 'battle.cancelled',
        title: 'Challenge cancelled',
        body: `${actor.username} cancelled their battle challenge.`,
        link: battleLink(ended.id),
      });
    }
    return announce(uow, 'battle:updated', ended);
  });
}

export const declineBattle = (db: Db, battleId: BattleId, userId: UserId, now: Date) => endPending(db, battleId, userId, 'declined', now);
export const cancelBattle = (db: Db, battleId: BattleId, userId: UserId, now: Date) => endPending(db, battleId, userId, 'cancelled', now);
