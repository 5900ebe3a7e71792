/**
 * The Creator Studio's live score: the design on the bench sent to POST /api/pogs/score-preview once
 * it has rested for PREVIEW_DEBOUNCE_MS, answered by the server with the worker's own scoring code.
 * A design the form would refuse (a colour half typed) is not sent; the last answer stays on screen.
 */
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiPaths, scorePreviewRequestSchema, type PogId, type ScorePreview, type ScorePreviewRequest } from '@pog/common';
import { api } from '../../api/client';
import { useDebouncedValue } from '../../hooks/useDebouncedValue';
import type { PogDesign } from './design';

/** How long the design must rest before it is scored: a word typed, a colour picked. */
export const PREVIEW_DEBOUNCE_MS = 400;

const PREVIEW_KEY = 'score-preview';

/** The preview request of a design, or null while the form would refuse it. */
export function previewRequest(design: PogDesign, editingId: PogId | null): ScorePreviewRequest | null {
  const { textContent, fontFamily, textColor, backgroundColor1, backgroundColor2, imageUrl } = design;
  const parsed = scorePreviewRequestSchema.safeParse({ textContent, fontFamily, textColor, backgroundColor1, backgroundColor2, imageUrl, ...(editingId === null ? {} : { pogId: editingId }) });
  return parsed.success ? parsed.data : null;
}

export interface ScorePreviewState {
  preview: ScorePreview | undefined;
  /** A newer design than the one shown is being scored (or waits to be). */
  updating: boolean;
  error: unknown;
}

export function useScorePreview(design: PogDesign, editingId: PogId | null): ScorePreviewState {
  const request = previewRequest(design, editingId);
  const settled = useDebouncedValue(request, PREVIEW_DEBOUNCE_MS);
  const query = useQuery({
    queryKey: [PREVIEW_KEY, settled] as const,
    queryFn: ({ signal }) => api(apiPaths.pogs.scorePreview, { body: settled! }, signal),
    enabled: settled !== null,
    // Every other POG counts: a preview is a moment's answer, asked again when the design changes.
    staleTime: 0,
    refetchOnWindowFocus: false,
    retry: false,
    placeholderData: keepPreviousData,
    meta: { errorToast: false },
  });
  const waiting = JSON.stringify(request) !== JSON.stringify(settled);
  return { preview: query.data, updating: waiting || query.isFetching, error: query.isError ? query.error : null };
}

/** After a save the game holds one POG more: every preview is out of date. */
export function useForgetScorePreviews(): () => void {
  const queryClient = useQueryClient();
  return () => void queryClient.invalidateQueries({ queryKey: [PREVIEW_KEY] });
}
