/**
 * Keeps every cached POG list in step with a change, whether it came from our own request or
 * from the socket (`pog:updated` when the worker scores a design): the rarity and points then
 * appear on every screen without a refetch.
 */
import type { InfiniteData, QueryClient } from '@tanstack/react-query';
import type { Pog, PogId } from '@pog/common';
import type { PogPage } from './api';
import { POG_LIST_PATH, pogKey, pogProvenanceKey, userIdOfPogsKey } from './keys';

type PogPages = InfiniteData<PogPage, string | null>;

function isPogList(value: unknown): value is Pog[] {
  return Array.isArray(value);
}

function isPogPages(value: unknown): value is PogPages {
  return typeof value === 'object' && value !== null && Array.isArray((value as PogPages).pages);
}

function replaceIn(list: Pog[], pog: Pog): Pog[] {
  return list.map((item) => (item.id === pog.id ? pog : item));
}

/** Writes a changed (or new) POG into the caches that hold it. */
export function applyPogUpdate(queryClient: QueryClient, pog: Pog): void {
  queryClient.setQueryData<Pog>(pogKey(pog.id), pog);
  // Its page also holds its history, which the change may have added to: asked again if open.
  void queryClient.invalidateQueries({ queryKey: pogProvenanceKey(pog.id), exact: true });

  for (const query of queryClient.getQueryCache().findAll()) {
    const key = query.queryKey;
    const data: unknown = query.state.data;
    const ownerId = userIdOfPogsKey(key);
    if (ownerId !== null && isPogList(data)) {
      const present = data.some((item) => item.id === pog.id);
      let next: Pog[];
      if (ownerId !== pog.userId) next = present ? data.filter((item) => item.id !== pog.id) : data;
      else next = present ? replaceIn(data, pog) : [pog, ...data];
      if (next !== data) queryClient.setQueryData(key, next);
    } else if (key[0] === POG_LIST_PATH && isPogPages(data)) {
      // A browsing list: refresh what it shows, never insert (its filters decide membership).
      const hidden = pog.moderationStatus === 'rejected';
      const pages = data.pages.map((page) => ({
        ...page,
        pogs: hidden ? page.pogs.filter((item) => item.id !== pog.id) : replaceIn(page.pogs, pog),
      }));
      queryClient.setQueryData<PogPages>(key, { ...data, pages });
    }
  }
}

/** Drops a deleted POG from every cached list. */
export function removePogFromCache(queryClient: QueryClient, pogId: PogId): void {
  queryClient.removeQueries({ queryKey: pogKey(pogId), exact: true });
  for (const query of queryClient.getQueryCache().findAll()) {
    const key = query.queryKey;
    const data: unknown = query.state.data;
    if (userIdOfPogsKey(key) !== null && isPogList(data)) {
      if (data.some((item) => item.id === pogId)) queryClient.setQueryData(key, data.filter((item) => item.id !== pogId));
    } else if (key[0] === POG_LIST_PATH && isPogPages(data)) {
      const pages = data.pages.map((page) => ({ ...page, pogs: page.pogs.filter((item) => item.id !== pogId) }));
      queryClient.setQueryData<PogPages>(key, { ...data, pages });
    }
  }
}

/**
 * After our own write the server is asked again, because the worker may have scored the design
 * (and said so on the socket) before our answer arrived; a stale "points pending" copy must not win.
 */
export function refreshPogLists(queryClient: QueryClient): Promise<void> {
  return queryClient.invalidateQueries({
    predicate: (query) => userIdOfPogsKey(query.queryKey) !== null || query.queryKey[0] === POG_LIST_PATH,
  });
}
