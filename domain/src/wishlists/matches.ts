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

/**
 * Everything the matches are made of, in one round trip: `mine`, the player's wants held by others
 * and their own POGs up for trade; `wanters`, who else wants those; `theirs`, what the wanters put up
 * for trade; `players`, who all these others are (banned players left out). A mark naming a former
 * holder counts for nothing.
 */
const CANDIDATES: RawStatement = {
  name: 'matches_candidates',
  text: `WITH mine AS (
      SELECT true AS wanted, ${FACTS} FROM pog_wants w JOIN pogs p ON p.id = w.pog_id WHERE w.user_id = $1 AND p.user_id <> $1
      UNION ALL SELECT false, ${FACTS} FROM pog_haves h JOIN pogs p ON p.id = h.pog_id AND p.user_id = h.user_id WHERE h.user_id = $1),
    wanters AS (SELECT w.user_id AS "userId", w.pog_id AS "pogId" FROM pog_wants w
      WHERE w.pog_id IN (SELECT id FROM mine WHERE NOT wanted) AND w.user_id <> $1 LIMIT ${WANTERS_READ}),
    theirs AS (SELECT ${FACTS} FROM pog_haves h JOIN pogs p ON p.id = h.pog_id AND p.user_id = h.user_id WHERE h.user_id IN (SELECT "userId" FROM wanters)),
    players AS (SELECT u.id, u.username, u.avatar_color AS "avatarColor" FROM users u
      WHERE u.id IN (SELECT "userId" FROM wanters UNION SELECT "userId" FROM mine WHERE wanted) AND NOT u.is_banned)
    SELECT (SELECT coalesce(json_agg(mine), '[]') FROM mine) AS mine, (SELECT coalesce(json_agg(wanters), '[]') FROM wanters) AS wanters,
      (SELECT coalesce(json_agg(theirs), '[]') FROM theirs) AS theirs, (SELECT coalesce(json_agg(players), '[]') FROM players) AS players`,
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

function byHolder(pogs: Facts[]): Map<UserId, Facts[]> {
  const held = new Map<UserId, Facts[]>();
  for (const pog of pogs) held.set(pog.userId, [...(held.get(pog.userId) ?? []), pog]);
  return held;
}

export async function readMatches(db: Db, userId: UserId, now: Date): Promise<Matches> {
  const [found] = await rawQuery<{ mine: Array<Facts & { wanted: boolean }>; wanters: Array<{ userId: UserId; pogId: PogId }>; theirs: Facts[]; players: Player[] }>(db, CANDIDATES, [
    userId,
  ]);
  const { mine, wanters, theirs, players } = found!;
  const use = (pog: Facts & { wanted?: boolean }) => (pog.wanted === false ? ('offer' as const) : ('request' as const));
  const usable = new Set((await offerableNow(db, [...mine, ...theirs].map((pog) => ({ pog, use: use(pog) })), now)).map((pog) => pog.id));
  const wants = mine.filter((pog) => pog.wanted && usable.has(pog.id));
  const haves = mine.filter((pog) => !pog.wanted && usable.has(pog.id));

  // Who wants which of my POGs up for trade, and who holds which of my wants.
  const haveById = new Map(haves.map((pog) => [pog.id, pog]));
  const wantedBy = new Map<UserId, Facts[]>();
  for (const { userId: other, pogId } of wanters) {
    const pog = haveById.get(pogId);
    if (pog) wantedBy.set(other, [...(wantedBy.get(other) ?? []), pog]);
  }
  const holding = byHolder(wants);
  const theirHaves = byHolder(theirs.filter((pog) => usable.has(pog.id)));

  const matches = players
    .filter((player) => holding.has(player.id) || wantedBy.has(player.id))
    .map((player) => matchWith(player, holding.get(player.id) ?? [], wantedBy.get(player.id) ?? [], haves, theirHaves.get(player.id) ?? []));
  return { matches: matches.sort(compareMatches).slice(0, MATCHES_SHOWN) };
}
