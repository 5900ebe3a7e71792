/** The leaderboards part of the domain: what the gateway, the worker and the composition root may use. */
export { ALL_TIME_PERIOD, leaderboardStatements, readLeaderboard, utcWeekStart } from './queries';
export { type StandingDrift, standingsDrift } from './audit';
export { EXACT_RANKS, placesAhead, RankSnapshots, type RankStatements, SAMPLE_EVERY, SAMPLE_MAX_AGE_MS, SAMPLE_STALE_LIMIT_MS, type Sample, } from './rank-snapshots';
export { type CachedPage, LeaderboardPageCache } from './page-cache';
export { readArenaBadges, readArenaBoard, scoreArena } from './arena';
