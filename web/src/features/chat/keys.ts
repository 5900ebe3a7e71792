/** The chat's query key: as everywhere in the app, its first element is the URL of the read (routeQuery). */
import { apiPaths, CHAT } from '@pog/common';
import { callUrl } from '../../api/client';

export const chatHistoryKey = [callUrl(apiPaths.chat.history, { params: { id: CHAT.conversationId } })] as const;
