/** Query keys of the Battle Arena. As everywhere in the app, the first element is the URL of the read (routeQuery). */
import { apiPaths, type BattleId, type UserId } from '@pog/common';
import { routeKey } from '../../api/client';

/** Your open battles: pending and accepted ("My Battles" / "Pending Battles"). */
export const pendingBattlesKey = (userId: UserId) => routeKey(apiPaths.battles.pending, { params: { userId } });
/** Your finished battles: completed, declined, cancelled, expired. */
export const battleHistoryKey = (userId: UserId) => routeKey(apiPaths.battles.history, { params: { userId } });
export const battleKey = (battleId: BattleId) => routeKey(apiPaths.battles.get, { params: { id: battleId } });
