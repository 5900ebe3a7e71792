/** The users part of the domain: what the gateway, the worker and the composition root may use. */
export { findUserById, findUserByUsername, toUser } from './repository';
export { findPublicUser, listPublicUsers, PLAYER_SEARCH_LIMITS, type PlayerSearchLimits, type PlayerSearchPath, playerSearchCandidates, playerSearchWindow, playerSearchWindowPage, type PublicUser, type PublicUserFilter, publicUserListStatement, readPublicUserPage, searchedPlayerPage, } from './directory';
export { NAME_MATCHES_MAX_PLAYERS, type NameMatches, RecentNameMatches } from './name-matches';
export { playerPageTouchedSince, prunePlayerListChanges, type PlayerPageCheck, type PlayerPageExtent } from './list-changes';
export { applyPogsHeldDeltas, recountPogsHeld } from './player-counts';
export { purgeExpiredSessions, SESSION_PURGE_BATCH } from './session-purge';
export { registerPlayer, USERNAME_TAKEN } from './register';
export { playerProgress, type PlayerProgress, progressOf, userStats } from './stats';
export { authorizeActingAs, banMessage, type Claim, mayAct, mayActAs, notYourself, playerPolicy } from './policy';
export { setRole } from './roles';
export { dropIdleSession, endSession, findSession, saveSession, type SessionRow, touchSession } from './sessions';
