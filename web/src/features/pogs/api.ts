/** The POG calls of the product spec (calls) that need more than a plain GET of the route table. */
import { apiPaths, type CreatePogInput, type Pog, type PogId, type UpdatePogRequest } from '@pog/common';
import { api, apiWithHeaders, callUrl } from '../../api/client';
import { explorePageSizeFor } from '../../firstRequests';
import type { PogFilters } from './keys';

/** One page of GET /api/pogs; `nextCursor` is null on the last page. */
export interface PogPage {
  pogs: Pog[];
  nextCursor: string | null;
}

export const EXPLORE_PAGE_SIZE = 24;

/**
 * How many POGs a browsing page asks for (the rule is in firstRequests.ts, which asks for the first
 * page early), EXPLORE_PAGE_SIZE where there is no window. Decided once per page load, so every
 * page of a list has the same size.
 */
export const explorePageSize: number = typeof window === 'undefined' ? EXPLORE_PAGE_SIZE : explorePageSizeFor(window.innerWidth, window.innerHeight);

/** The query of a filtered, paginated list (empty filters are left out). */
function pogListCall(filters: PogFilters, cursor: string | null, limit: number) {
  const search = filters.search.trim();
  return {
    query: { search: search || undefined, rarity: filters.rarity || undefined, creator: filters.creator || undefined, sort: filters.sort, limit, cursor: cursor || undefined },
  };
}

/** The URL of a filtered, paginated list. */
export const pogListUrl = (filters: PogFilters, cursor: string | null, limit = explorePageSize): string => callUrl(apiPaths.pogs.list, pogListCall(filters, cursor, limit));

export async function fetchPogPage(filters: PogFilters, cursor: string | null, signal?: AbortSignal): Promise<PogPage> {
  const { data, headers } = await apiWithHeaders(apiPaths.pogs.list, pogListCall(filters, cursor, explorePageSize), signal);
  return { pogs: data, nextCursor: headers.get('X-Next-Cursor') || null };
}

export const createPog = (input: CreatePogInput) => api(apiPaths.pogs.create, { body: input });
export const updatePog = (pogId: PogId, changes: UpdatePogRequest) => api(apiPaths.pogs.update, { params: { id: pogId }, body: changes });
export const deletePog = (pogId: PogId) => api(apiPaths.pogs.delete, { params: { id: pogId } });

export function uploadImage(image: Blob, fileName = 'pog.jpg') {
  const form = new FormData();
  form.append('image', image, fileName);
  return api(apiPaths.uploads.upload, { body: form });
}
