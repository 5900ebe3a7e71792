/**
 * The Matches panel (docs/rules.md, Have and Want): the players who hold a POG you want, or want a
 * POG you put up for trade, each with a suggested offer (your POG for theirs), best first.
 *
 * Read from the player outward, so that the cost follows the player's own lists (at most
 * MARK_LIMITS each), never the size of the game: their wants and their POGs up for trade (by
 * player), who wants those (pog_wants by POG), and what those players have up for trade (pog_haves
 * by player). Every POG suggested passes the offer's own rule (trades/rules.ts offerableNow): one on
 * cooldown, out of supply, risked in a battle or hidden is never suggested.
 */
import { MATCHES_SHOWN, type Match, type MatchKind, type MatchPog, type Matches } from '@pog/common/wishlists/api';
import { closestInPoints, compareMatches, pointsBalance } from '@pog/common/wishlists/rules';
import type { PogId, UserId } from '@pog/common/schemas/ids';
import type { Db } from '../db/client';
import { rawQuery, type RawStatement } from '../db/raw-query';
import { offerableNow, type OfferFacts } from '../trades/rules';

/** Other players whose wants are read at most (the most a popular POG brings in). */
const WANTERS_READ = 2000;

type Facts = OfferFacts & MatchPog & { userId: UserId };

const FACTS = `p.id, p.user_id AS "userId", p.name, p.rarity, coalesce(p.points, 0) AS points, p.moderation_status AS "moderationStatus",
  p.trades_remaining AS "tradesRemaining", p.cooldown_until AS "cooldownUntil", p.hidden_by_reports AS "hiddenByReports"`;

/** The player's wants held by others, and their own POGs up for trade. */
const OWN_LISTS: RawStatement = {
  name: 'matches_own_lists',
  text: `SELECT true AS wanted, ${FACTS} FROM pog_wants w JOIN pogs p ON p.id = w.pog_id WHERE w.user_id = $1 AND p.user_id <> $1
    UNION ALL SELECT false, ${FACTS} FROM pog_haves h JOIN pogs p ON p.id = h.pog_id AND p.user_id = h.user_id WHERE h.user_id = $1`,
};

/** Who else wants these POGs. */
const WANTED_BY: RawStatement = {
  name: 'matches_wanted_by',
  text: `SELECT w.user_id AS "userId", w.pog_id AS "pogId" FROM pog_wants w WHERE w.pog_id = ANY($1::int[]) AND w.user_id <> $2 LIMIT ${WANTERS_READ}`,
};

/** These players' POGs up for trade, and who they are (banned players are left out). */
const PLAYERS_AND_HAVES: RawStatement = {
  name: 'matches_players_and_haves',
  text: `SELECT u.id, u.username, u.avatar_color AS "avatarColor", coalesce(h.list, '[]'::json) AS haves
    FROM users u LEFT JOIN LATERAL (SELECT json_agg(json_build_object('id', p.id, 'userId', p.user_id, 'name', p.name, 'rarity', p.rarity, 'points', coalesce(p.points, 0),
        'moderationStatus', p.moderation_status, 'tradesRemaining', p.trades_remaining, 'cooldownUntil', p.cooldown_until, 'hiddenByReports', p.hidden_by_reports)) AS list
      FROM pog_haves hv JOIN pogs p ON p.id = hv.pog_id AND p.user_id = hv.user_id WHERE hv.user_id = u.id AND u.id = ANY($2::int[])) h ON true
    WHERE u.id = ANY($1::int[]) AND NOT u.is_banned`,
};

const shown = (pog: Facts): MatchPog => ({ id: pog.id, name: pog.name, rarity: pog.rarity, points: pog.points });

/** The pair of `yours` x `theirs` with the best points balance; null when either side is empty. */
function bestPair(yours: readonly Facts[], theirs: readonly Facts[]): { yours: Facts; theirs: Facts } | null {
  let best: { yours: Facts; theirs: Facts } | null = null;
  for (const y of yours) {
    const t = closestInPoints(y, theirs);
    if (t && (!best || pointsBalance(y, t) < pointsBalance(best.yours, best.theirs))) best = { yours: y, theirs: t };
  }
  return best;
}

type Player = { id: UserId; username: string; avatarColor: string };

/**
 * The match with one player: they hold `theyHold` (of my wants) and want `theyWant` (of my POGs up
 * for trade). The suggested pair comes from both lists for a two-way match; for a one-way one the
 * missing side is filled from `myHaves` or `theirHaves` (the POGs up for trade), if any.
 */
function matchWith(player: Player, theyHold: Facts[], theyWant: Facts[], myHaves: Facts[], theirHaves: Facts[]): Match {
  const kind: MatchKind = theyHold.length === 0 ? 'theyWant' : theyWant.length === 0 ? 'theyHave' : 'both';
  const pair = bestPair(kind === 'theyHave' ? myHaves : theyWant, kind === 'theyWant' ? theirHaves : theyHold);
  const yours = pair?.yours ?? theyWant[0] ?? null;
  const theirs = pair?.theirs ?? theyHold[0] ?? null;
  return {
    userId: player.id,
    username: player.username,
    avatarColor: player.avatarColor,
    kind,
    yourPog: yours && shown(yours),
    theirPog: theirs && shown(theirs),
    balance: pair ? pointsBalance(pair.yours, pair.theirs) : null,
  };
}

export async function readMatches(db: Db, userId: UserId, now: Date): Promise<Matches> {
  const own = await rawQuery<Facts & { wanted: boolean }>(db, OWN_LISTS, [userId]);
  const usable = new Set(
    (await offerableNow(db, own.map((pog) => ({ pog, use: pog.wanted ? ('request' as const) : ('offer' as const) })), now)).map((pog) => pog.id),
  );
  const wants = own.filter((pog) => pog.wanted && usable.has(pog.id));
  const haves = own.filter((pog) => !pog.wanted && usable.has(pog.id));
  if (wants.length === 0 && haves.length === 0) return { matches: [] };

  // Who wants which of my POGs up for trade.
  const wantedBy = new Map<UserId, Facts[]>();
  const haveById = new Map(haves.map((pog) => [pog.id, pog]));
  for (const { userId: other, pogId } of await rawQuery<{ userId: UserId; pogId: PogId }>(db, WANTED_BY, [[...haveById.keys()], userId])) {
    wantedBy.set(other, [...(wantedBy.get(other) ?? []), haveById.get(pogId)!]);
  }
  const holding = new Map<UserId, Facts[]>();
  for (const pog of wants) holding.set(pog.userId, [...(holding.get(pog.userId) ?? []), pog]);

  // Players who only want mine need one of theirs to ask for: what they put up for trade.
  const onlyWanting = [...wantedBy.keys()].filter((id) => !holding.has(id));
  const players = await rawQuery<Player & { haves: Facts[] }>(db, PLAYERS_AND_HAVES, [
    [...new Set([...wantedBy.keys(), ...holding.keys()])],
    onlyWanting,
  ]);
  const theirHaves = await offerableNow(
    db,
    players.flatMap((p) => p.haves.map((pog) => ({ pog: { ...pog, cooldownUntil: pog.cooldownUntil && new Date(pog.cooldownUntil) }, use: 'request' as const }))),
    now,
  );

  const matches = players.map((player) =>
    matchWith(player, holding.get(player.id) ?? [], wantedBy.get(player.id) ?? [], haves, theirHaves.filter((pog) => pog.userId === player.id)),
  );
  return { matches: matches.sort(compareMatches).slice(0, MATCHES_SHOWN) };
}
