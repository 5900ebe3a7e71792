/**
 * The player lists (GET /api/users): pages in username order, searched on the server by username or
 * display name, so that no screen loads every player. A picker shows the first page of matches and
 * keeps the chosen player in its options even when that player is not on the page.
 */
import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { apiPaths } from '@pog/common';
import { apiWithHeaders, callUrl, routeQuery } from '../../api/client';
import { useDebouncedValue } from '../../hooks/useDebouncedValue';
import type { PlayerSummary } from '../pogs/queries';

/** Which players a list holds: everyone, those holding a POG, or those who can be challenged now. */
export type PlayerListKind = 'all' | 'holding' | 'challengeable';

const KIND_PARAMS: Record<PlayerListKind, { holding?: '1'; canBeChallenged?: '1' }> = { all: {}, holding: { holding: '1' }, challengeable: { canBeChallenged: '1' } };

/** Typing settles for this long before the list is asked again. */
export const PLAYER_SEARCH_DEBOUNCE_MS = 250;

type PlayerListOptions = { search?: string; id?: number; cursor?: string | null };

/** The GET /api/users call of a list (empty options are left out). */
function playerListCall(kind: PlayerListKind, options: PlayerListOptions = {}) {
  return { query: { ...KIND_PARAMS[kind], search: options.search?.trim() || undefined, id: options.id, cursor: options.cursor || undefined } };
}

export const playerListUrl = (kind: PlayerListKind, options: PlayerListOptions = {}): string => callUrl(apiPaths.users.list, playerListCall(kind, options));

export interface PlayerPage {
  players: PlayerSummary[];
  nextCursor: string | null;
}

async function fetchPlayerPage(kind: PlayerListKind, options: PlayerListOptions, signal?: AbortSignal): Promise<PlayerPage> {
  const { data, headers } = await apiWithHeaders(apiPaths.users.list, playerListCall(kind, options), signal);
  return { players: data, nextCursor: headers.get('X-Next-Cursor') || null };
}

/** Players matching a search, a page at a time (the Players page's "Load more"). */
export function usePlayerPages(kind: PlayerListKind, search: string) {
  const settled = useDebouncedValue(search.trim(), PLAYER_SEARCH_DEBOUNCE_MS);
  return useInfiniteQuery({
    queryKey: [playerListUrl(kind, { search: settled }), 'pages'],
    queryFn: ({ pageParam, signal }) => fetchPlayerPage(kind, { search: settled, cursor: pageParam }, signal),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor,
    meta: { errorToast: false },
  });
}

export interface PlayerChoices {
  players: PlayerSummary[];
  isPending: boolean;
  /** More players match than are shown: typing a name narrows the list. */
  more: boolean;
}

/**
 * A picker's options: the first page of players matching `search`, and the `chosenId` player when
 * they belong to this list (fetched on their own when the page does not hold them), never `excludeId`.
 */
export function usePlayerChoices(kind: PlayerListKind, search: string, chosenId: number | null, options: { staleTime?: number; excludeId?: number | undefined } = {}): PlayerChoices {
  const settled = useDebouncedValue(search.trim(), PLAYER_SEARCH_DEBOUNCE_MS);
  const { excludeId, ...queryOptions } = options;
  const page = useQuery({
    queryKey: [playerListUrl(kind, { search: settled }), 'first'],
    queryFn: ({ signal }) => fetchPlayerPage(kind, { search: settled }, signal),
    ...queryOptions,
  });
  const onPage = holds(page.data?.players, chosenId);
  const chosen = useQuery({
    ...routeQuery(apiPaths.users.list, playerListCall(kind, { id: chosenId ?? 0 })),
    enabled: chosenId !== null && page.isSuccess && !onPage,
    ...queryOptions,
  });
  // Still waiting for the chosen player, looked up on their own.
  const chosenPending = chosenId !== null && !onPage && chosen.isPending && chosen.fetchStatus !== 'idle';
  const players = withChosen(page.data?.players ?? [], chosen.data ?? []);
  return { players: players.filter((player) => player.id !== excludeId), isPending: page.isPending || chosenPending, more: Boolean(page.data?.nextCursor) };
}

/** Whether a page (once loaded) holds the chosen player. */
function holds(page: readonly PlayerSummary[] | undefined, chosenId: number | null): boolean {
  return chosenId !== null && (page?.some((player) => player.id === chosenId) ?? false);
}

/** The page's players, led by the chosen ones it does not hold already. */
function withChosen(page: readonly PlayerSummary[], chosen: readonly PlayerSummary[]): PlayerSummary[] {
  const players = [...page];
  for (const player of chosen) if (!players.some((p) => p.id === player.id)) players.unshift(player);
  return players;
}
