/** Marking a POG as wanted or up for trade: the answer is the player's marks, and the matches are read again. */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiPaths, type MarkRequest, type PogId } from '@pog/common';
import { api } from '../../api/client';
import { serverMessage } from '../../api/errors';
import { isOnline } from '../../stores/network';
import { showFailure } from '../errors/showError';
import { WISHLIST_TEXT } from './messages';
import { marksKey, matchesKey } from './queries';

export function useMarkPog() {
  const queryClient = useQueryClient();
  return useMutation({
    retry: false,
    mutationFn: ({ pogId, ...request }: MarkRequest & { pogId: PogId }) => api(apiPaths.wishlists.mark, { params: { id: pogId }, body: request }),
    onSuccess: (marks) => {
      queryClient.setQueryData(marksKey(), marks);
      void queryClient.invalidateQueries({ queryKey: matchesKey() });
    },
    onError: (error) => showFailure(error, () => ({ title: WISHLIST_TEXT.markFailed, description: serverMessage(error, isOnline()) ?? WISHLIST_TEXT.markFailedFallback })),
  });
}
