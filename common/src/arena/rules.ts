/**
 * The weekly arena's scoring (docs/rules.md, Arena), as pure rules shared by the server, which
 * scores, and the web app, which explains them.
 */

/** Points of a win, of a loss, and of a win that extends a run of consecutive wins to ARENA_STREAK_FROM or more. */
export const ARENA_WIN_POINTS = 2;
export const ARENA_LOSS_POINTS = 0;
export const ARENA_STREAK_WIN_POINTS = 4;
/** The consecutive win (in the arena week) from which each win scores double. */
export const ARENA_STREAK_FROM = 3;
/** Battles between the same two players that score per UTC day; later ones score nothing. */
export const ARENA_PAIR_DAILY_CAP = 3;
/** Places of last week's board that earn the 'Arena winner' badge. */
export const ARENA_WINNER_PLACES = 3;

export interface ArenaBattle {
  battleId: number;
  winnerId: number;
  loserId: number;
}

export interface ArenaResult {
  battleId: number;
  userId: number;
  opponentId: number;
  won: boolean;
  /** False past the pair's daily cap: no points, and the streaks stay as they were. */
  counted: boolean;
  points: number;
}

/** The unordered pair of two players, as a key. */
export const arenaPairKey = (a: number, b: number) => (a < b ? `${a}:${b}` : `${b}:${a}`);

/**
 * Scores battles completed in one arena week on one UTC day, in the order given. `streaks` (each
 * player's consecutive scoring wins so far this week) and `pairCounts` (each pair's counted battles
 * so far today, by arenaPairKey) are updated in place. Returns two results per battle: winner, loser.
 */
export function scoreArenaBattles(battles: ArenaBattle[], streaks: Map<number, number>, pairCounts: Map<string, number>): ArenaResult[] {
  const results: ArenaResult[] = [];
  for (const { battleId, winnerId, loserId } of battles) {
    const pair = arenaPairKey(winnerId, loserId);
    const counted = (pairCounts.get(pair) ?? 0) < ARENA_PAIR_DAILY_CAP;
    let points = 0;
    if (counted) {
      pairCounts.set(pair, (pairCounts.get(pair) ?? 0) + 1);
      const streak = (streaks.get(winnerId) ?? 0) + 1;
      streaks.set(winnerId, streak);
      streaks.set(loserId, 0);
      points = streak >= ARENA_STREAK_FROM ? ARENA_STREAK_WIN_POINTS : ARENA_WIN_POINTS;
    }
    results.push({ battleId, userId: winnerId, opponentId: loserId, won: true, counted, points });
    results.push({ battleId, userId: loserId, opponentId: winnerId, won: false, counted, points: counted ? ARENA_LOSS_POINTS : 0 });
  }
  return results;
}

/** Monday 00:00 UTC of the week `at` falls in, as YYYY-MM-DD. */
export function arenaWeekStart(at: Date): string {
  const day = new Date(Date.UTC(at.getUTCFullYear(), at.getUTCMonth(), at.getUTCDate()));
  day.setUTCDate(day.getUTCDate() - ((day.getUTCDay() + 6) % 7));
  return day.toISOString().slice(0, 10);
}

/** The Monday `weeks` weeks after the one given (YYYY-MM-DD; negative for earlier ones). */
export function addArenaWeeks(weekStart: string, weeks: number): string {
  const day = new Date(`${weekStart}T00:00:00Z`);
  day.setUTCDate(day.getUTCDate() + 7 * weeks);
  return day.toISOString().slice(0, 10);
}

/** "2 d 5 h left": whole days and hours, rounded down; under an hour "0 d 0 h left" still reads right. */
export function arenaTimeLeft(secondsLeft: number): string {
  const hours = Math.max(0, Math.floor(secondsLeft / 3600));
  return `${Math.floor(hours / 24)} d ${hours % 24} h left`;
}
