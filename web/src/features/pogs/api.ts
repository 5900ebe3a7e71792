/** The POG calls of the product spec (calls) that need more than a plain GET of the route table. */
import { apiPaths, type CreatePogInput, type Pog, type PogId, type UpdatePogRequest } from '@pog/common';
import { api, apiWithHeaders, callUrl } from '../../api/client';
import type { PogFilters } from './keys';

/** One page of GET /api/pogs; `nextCursor` is null on the last page. */
export interface PogPage {
  pogs: Pog[];
  nextCursor: string | null;
}

export const EXPLORE_PAGE_SIZE = 24;

/** A card with its gaps, roughly (POG_CARD_SIZES.md plus padding, name and meta). */
const CARD_BOX = { width: 180, height: 250 };

/**
 * How many POGs a browsing page asks for: what fills this screen and a bit more (a phone draws a
 * dozen cards instead of rendering two dozen it cannot show), EXPLORE_PAGE_SIZE where there is no
 * window. Decided once per page load, so every page of a list has the same size.
 */
export const explorePageSize: number =
  typeof window === 'undefined'
    ? EXPLORE_PAGE_SIZE
    : Math.min(48, Math.max(8, Math.max(1, Math.floor(window.innerWidth / CARD_BOX.width)) * (Math.ceil(window.innerHeight / CARD_BOX.height) + 1)));

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
