/** Query keys of the trade screens. As everywhere in the app, the first element is the URL of the read (routeQuery). */
import { apiPaths } from '@pog/common';
import { routeKey } from '../../api/client';

export const pendingTradesKey = (userId: number) => routeKey(apiPaths.trades.pending, { params: { userId } });
export const tradeHistoryKey = (userId: number) => routeKey(apiPaths.trades.history, { params: { userId } });
