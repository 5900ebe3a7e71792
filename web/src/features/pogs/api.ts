/** The POG calls of spec section 7 that need more than the default "GET the key" query function. */
import type { CreatePogInput, Pog, UpdatePogRequest } from '@pog/common';
import { api, apiRequestWithHeaders } from '../../api/client';
import { POG_LIST_PATH, pogPath, type PogFilters } from './keys';

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

/** The query string for a filtered, paginated list (empty filters are left out). */
export function pogListUrl(filters: PogFilters, cursor: string | null, limit = explorePageSize): string {
  const params = new URLSearchParams();
  const search = filters.search.trim();
  if (search) params.set('search', search);
  if (filters.rarity) params.set('rarity', filters.rarity);
  if (filters.creator) params.set('creator', filters.creator);
  params.set('sort', filters.sort);
  params.set('limit', String(limit));
  if (cursor) params.set('cursor', cursor);
  return `${POG_LIST_PATH}?${params.toString()}`;
}

export async function fetchPogPage(filters: PogFilters, cursor: string | null, signal?: AbortSignal): Promise<PogPage> {
  const { data, headers } = await apiRequestWithHeaders<Pog[]>(pogListUrl(filters, cursor), { signal });
  return { pogs: data, nextCursor: headers.get('X-Next-Cursor') || null };
}

export const createPog = (input: CreatePogInput) => api.post<Pog>(POG_LIST_PATH, input);
export const updatePog = (pogId: number, changes: UpdatePogRequest) => api.patch<Pog>(pogPath(pogId), changes);
export const deletePog = (pogId: number) => api.delete(pogPath(pogId));

/** POST /api/upload's answer. */
export interface UploadedImage {
  url: string;
  width: number;
  height: number;
}

export function uploadImage(image: Blob, fileName = 'pog.jpg'): Promise<UploadedImage> {
  const form = new FormData();
  form.append('image', image, fileName);
  return api.postForm<UploadedImage>('/api/upload', form);
}
