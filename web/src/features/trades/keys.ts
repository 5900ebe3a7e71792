/** Query keys of the trade screens. As everywhere in the app, the first element is the URL of the read (routeQuery). */
import { tradesApi } from '@pog/common';
import { callUrl } from '../../api/client';

export const pendingTradesKey = (userId: number) => [callUrl(tradesApi.pending, { params: { userId } })] as const;
export const tradeHistoryKey = (userId: number) => [callUrl(tradesApi.history, { params: { userId } })] as const;
