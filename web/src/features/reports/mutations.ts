import { useMutation, useQueryClient } from '@tanstack/react-query';
import { serverMessageOr } from '../../api/errors';
import { isOnline } from '../../stores/network';
import { toast } from '../../stores/toasts';
import { showFailure } from '../errors/showError';
import { applyPogUpdate } from '../pogs/cache';
import { reportPog } from './api';
import { REPORT_TEXT } from './messages';
import type { PogId } from '@pog/common';

/** Not retried: a second report of the same POG is refused (409), which would hide the first one's success. */
export function useReportPog() {
  const queryClient = useQueryClient();
  return useMutation({
    retry: false,
    mutationFn: ({ pogId, reason }: { pogId: PogId; reason: string }) => reportPog(pogId, { reason }),
    onSuccess: (pog) => {
      applyPogUpdate(queryClient, pog);
      toast({ title: REPORT_TEXT.sentTitle, description: REPORT_TEXT.sentMessage });
    },
    onError: (error) => {
      showFailure(error, () => ({ title: REPORT_TEXT.failedTitle, description: serverMessageOr(error, REPORT_TEXT.failedFallback, isOnline()) }));
    },
  });
}
