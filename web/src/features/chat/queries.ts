/** The player's conversation with PogBot, oldest message first. */
import { useQuery } from '@tanstack/react-query';
import { apiPaths, CHAT } from '@pog/common';
import { routeQuery } from '../../api/client';

export function useChatHistory() {
  return useQuery({ ...routeQuery(apiPaths.chat.history, { params: { id: CHAT.conversationId } }), meta: { errorToast: false } });
}
