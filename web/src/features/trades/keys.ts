/** Query keys of the trade screens. As everywhere in the app, the first element is the URL of the read (routeQuery). */
import { apiPaths } from '@pog/common';
import { callUrl } from '../../api/client';

export const pendingTradesKey = (userId: number) => [callUrl(apiPaths.trades.pending, { params: { userId } })] as const;
export const tradeHistoryKey = (userId: number) => [callUrl(apiPaths.trades.history, { params: { userId } })] as const;
