import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiPaths } from '@pog/common';
import { api, routeQuery } from '../../api/client';
import { showErrorToast } from '../errors/showError';
import { NOTIFICATIONS_KEY, withRead } from './cache';

/** The signed-in player's notifications (newest first) and unread count. */
export function useNotifications(enabled: boolean) {
  return useQuery({ ...routeQuery(apiPaths.notifications.list), enabled });
}

/** Marks notifications read; the bell clears at once and is corrected if the call fails. */
export function useMarkNotificationsRead() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (ids?: number[]) => api(apiPaths.notifications.markRead, { body: ids ? { ids } : {} }),
    onMutate: async (ids) => {
      await queryClient.cancelQueries({ queryKey: NOTIFICATIONS_KEY });
      const previous = queryClient.getQueryData(NOTIFICATIONS_KEY);
      if (previous) queryClient.setQueryData(NOTIFICATIONS_KEY, withRead(previous, ids));
      return { previous };
    },
    onError: (error, _ids, context) => {
      if (context?.previous) queryClient.setQueryData(NOTIFICATIONS_KEY, context.previous);
      showErrorToast(error);
    },
  });
}
