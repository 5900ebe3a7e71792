/** Query keys of stats and achievements; the first element is the URL of the read (routeQuery). */
import { usersApi } from '@pog/common';
import { callUrl } from '../../api/client';

export const statsKey = (userId: number) => [callUrl(usersApi.stats, { params: { id: userId } })] as const;
export const achievementsKey = (userId: number) => [callUrl(usersApi.achievements, { params: { id: userId } })] as const;
