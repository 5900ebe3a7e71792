/** Query keys of stats and achievements; the first element is the URL of the read (routeQuery). */
import { apiPaths, type UserId } from '@pog/common';
import { callUrl } from '../../api/client';

export const statsKey = (userId: UserId) => [callUrl(apiPaths.users.stats, { params: { id: userId } })] as const;
export const achievementsKey = (userId: UserId) => [callUrl(apiPaths.users.achievements, { params: { id: userId } })] as const;
