/** Query keys of the Battle Arena. As everywhere in the app, the first element is the URL of the read (routeQuery). */
import { apiPaths } from '@pog/common';
import { callUrl } from '../../api/client';

/** Your open battles: pending and accepted ("My Battles" / "Pending Battles"). */
export const pendingBattlesKey = (userId: number) => [callUrl(apiPaths.battles.pending, { params: { userId } })] as const;
/** Your finished battles: completed, declined, cancelled, expired. */
export const battleHistoryKey = (userId: number) => [callUrl(apiPaths.battles.history, { params: { userId } })] as const;
export const battleKey = (battleId: number) => [callUrl(apiPaths.battles.get, { params: { id: battleId } })] as const;
