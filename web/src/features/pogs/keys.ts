/**
 * Query keys of the POG screens. The first element is the URL of the read (routeQuery), so a key
 * names exactly the data it holds.
 */
import { apiPaths, type PogId, type PogSort, type Rarity, type UserId } from '@pog/common';
import { callUrl } from '../../api/client';

export const userPogsPath = (userId: UserId) => callUrl(apiPaths.users.pogs, { params: { id: userId } });
export const userPogsKey = (userId: UserId) => [userPogsPath(userId)] as const;

export const pogPath = (pogId: PogId) => callUrl(apiPaths.pogs.get, { params: { id: pogId } });
export const pogKey = (pogId: PogId) => [pogPath(pogId)] as const;

/** What the Explore screen filters by. */
export interface PogFilters {
  search: string;
  rarity: Rarity | '';
  /** A user id, or '' for every creator. */
  creator: string;
  sort: PogSort;
}

export const POG_LIST_PATH = apiPaths.pogs.list.path;
export const pogListKey = (filters: PogFilters) => [POG_LIST_PATH, filters] as const;

/** Reads the owner id out of a `/api/users/{id}/pogs` key, or null for any other key. */
export function userIdOfPogsKey(key: readonly unknown[]): number | null {
  const [path] = key;
  if (typeof path !== 'string') return null;
  const match = /^\/api\/users\/(\d+)\/pogs$/.exec(path);
  return match ? Number(match[1]) : null;
}

/** A POG's page: the POG and its history (public). */
export const pogProvenanceKey = (pogId: PogId) => [callUrl(apiPaths.pogs.provenance, { params: { id: pogId } })] as const;
