/**
 * `chat:delta` and `chat:reply` from the socket: the pieces of the answer being written go to the
 * chat stream; a stored question and answer (from this tab or another) refresh the history.
 */
import type { QueryClient } from '@tanstack/react-query';
import type { ChatDelta } from '@pog/common';
import { reportError } from '../errors/showError';
import { chatHistoryKey } from './keys';
import { useChatStream } from './stream';

function looksLikeDelta(payload: unknown): payload is ChatDelta {
  if (typeof payload !== 'object' || payload === null) return false;
  const delta = payload as Partial<ChatDelta>;
  return typeof delta.requestId === 'string' && typeof delta.text === 'string' && Number.isInteger(delta.index) && (delta.index ?? -1) >= 0;
}

export function applyChatDelta(payload: unknown): void {
  if (!looksLikeDelta(payload)) {
    reportError(new Error('Malformed chat delta'), 'chat:delta payload');
    return;
  }
  useChatStream.getState().receive(payload);
}

export function applyChatReply(queryClient: QueryClient): void {
  void queryClient.invalidateQueries({ queryKey: chatHistoryKey });
}
