/** Query keys of the trade screens. As everywhere in the app, the first element is the URL of the read (routeQuery). */
import { apiPaths, type UserId } from '@pog/common';
import { routeKey } from '../../api/client';

export const pendingTradesKey = (userId: UserId) => routeKey(apiPaths.trades.pending, { params: { userId } });
export const tradeHistoryKey = (userId: UserId) => routeKey(apiPaths.trades.history, { params: { userId } });
