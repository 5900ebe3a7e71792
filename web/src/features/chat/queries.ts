/** The player's conversation with PogBot, oldest message first. */
import { useQuery } from '@tanstack/react-query';
import type { ChatMessage } from '@pog/common';
import { chatHistoryKey } from './keys';

export function useChatHistory() {
  return useQuery<ChatMessage[]>({ queryKey: chatHistoryKey, meta: { errorToast: false } });
}
