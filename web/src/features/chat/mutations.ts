/**
 * Sending a message to PogBot. The answer streams in over the socket while the request waits; once
 * it returns, the history is refetched (product spec: calls), and the chat log lets the streamed bubble
 * go once the refetched history holds the stored answer (so nothing blinks out in between). Never
 * retried: a second try would ask PogBot again.
 */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { serverMessageOr } from '../../api/errors';
import { isOnline } from '../../stores/network';
import { showFailure } from '../errors/showError';
import { newRequestId, sendChatMessage } from './api';
import { chatHistoryKey } from './keys';
import { CHAT_TEXT } from './messages';
import { useChatStream } from './stream';

interface SendInput {
  message: string;
  requestId: string;
}

export function useSendChatMessage() {
  const queryClient = useQueryClient();
  const mutation = useMutation({
    retry: false,
    mutationFn: ({ message, requestId }: SendInput) => sendChatMessage({ message, requestId }),
    onMutate: ({ message, requestId }) => useChatStream.getState().begin(requestId, message),
    onSuccess: async (answer, { requestId }) => {
      useChatStream.getState().answered(requestId, answer);
      await queryClient.invalidateQueries({ queryKey: chatHistoryKey });
    },
    onError: (error, { requestId }) => {
      useChatStream.getState().end(requestId);
      showFailure(error, () => ({ title: CHAT_TEXT.errorTitle, description: serverMessageOr(error, CHAT_TEXT.errorMessage, isOnline()) }));
    },
  });
  return {
    ...mutation,
    /** Sends a message (trimmed; a blank one is not sent); `onFailed` hears when it could not be. */
    send: (message: string, onFailed?: () => void) => {
      const trimmed = message.trim();
      if (!trimmed) return;
      mutation.mutate({ message: trimmed, requestId: newRequestId() }, { onError: onFailed });
    },
  };
}
