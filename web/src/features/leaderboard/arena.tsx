/** The weekly arena's board (a tab of /leaderboard) and the 'Arena winner' badges of a profile. */
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import styled from 'styled-components';
import { BoardPager, BoardPlayer, BoardTable as Table, OwnPlace, TableScroll } from './BoardTable';
import { apiPaths, ARENA_MAX_PAGE, arenaBadgeText, arenaTimeLeft, type ArenaEntry, type UserId } from '@pog/common';
import { routeQuery } from '../../api/client';
import { Badge } from '../../components/Badge';
import { ErrorPanel } from '../../components/ErrorPanel';
import { Spinner } from '../../components/Spinner';
import { useCurrentUser } from '../auth/useCurrentUser';
import { LAST_BATTLE_HEADER, LastBattleCell } from './LastBattle';

export const ARENA_PATH = apiPaths.arena.board.path;

export function useArenaBoard(page: number) {
  return useQuery({ ...routeQuery(apiPaths.arena.board, { query: { page } }), placeholderData: keepPreviousData, meta: { errorToast: false } });
}

const Lead = styled.p`
  margin: 1rem 0;
  display: flex;
  flex-wrap: wrap;
  gap: 0.5rem 1.5rem;
  align-items: baseline;
`;

function ArenaTable({ caption, entries, viewerId }: { caption: string; entries: ArenaEntry[]; viewerId: UserId | undefined }) {
  return (
    <TableScroll>
      <Table>
        <caption>{caption}</caption>
        <thead>
          <tr>
            <th scope="col">Rank</th>
            <th scope="col">Player</th>
            <th scope="col">Won</th>
            <th scope="col" className="figure">
              Arena points
            </th>
            <th scope="col">{LAST_BATTLE_HEADER}</th>
          </tr>
        </thead>
        <tbody>
          {entries.map((entry) => (
            <tr key={entry.userId} aria-current={entry.userId === viewerId ? 'true' : undefined}>
              <td>{entry.rank}</td>
              <td>
                <BoardPlayer entry={entry} linked={viewerId !== undefined} />
              </td>
              <td>
                {entry.wins} of {entry.battles}
              </td>
              <td className="figure">{entry.points.toLocaleString('en')}</td>
              <LastBattleCell entry={entry} />
            </tr>
          ))}
        </tbody>
      </Table>
    </TableScroll>
  );
}

/**
 * This UTC week's arena: the time left, the signed-in player's own place, a page of the board and
 * last week's top 3. Completed battles refresh it live (`leaderboard:changed`).
 */
export function ArenaBoardView({ page, onPage }: { page: number; onPage: (page: number) => void }) {
  const query = useArenaBoard(page);
  const { data: user } = useCurrentUser();
  if (query.isPending) return <Spinner label="Loading the arena..." />;
  if (query.isError) return <ErrorPanel error={query.error} onRetry={() => void query.refetch()} />;
  const data = query.data;
  return (
    <section aria-label="Weekly arena">
      <Lead>
        <span>
          Arena of the week of {data.weekStart}: <strong>{arenaTimeLeft(data.secondsLeft)}</strong>
        </span>
        <span>A win scores 2, from the third win in a row 4; a loss 0. Battles between the same two players score at most 3 times a UTC day.</span>
      </Lead>
      {user && (
        <OwnPlace role="status">
          {data.me ? (
            <>
              Your place: <strong>#{data.me.rank.toLocaleString('en')}</strong> (arena points: {data.me.points})
            </>
          ) : (
            'You have no arena points this week yet.'
          )}
        </OwnPlace>
      )}
      {data.entries.length === 0 ? (
        <p>{page > 1 ? 'No more players in the arena.' : 'No arena points yet this week: win a battle to lead the board.'}</p>
      ) : (
        <ArenaTable caption={`Arena, week of ${data.weekStart}`} entries={data.entries} viewerId={user?.id} />
      )}
      <BoardPager label="Arena pages" page={page} hasMore={data.hasMore} maxPage={ARENA_MAX_PAGE} onPage={onPage} />
      <h2 style={{ marginTop: '1.5rem', fontSize: '1.1rem' }}>Last week&apos;s winners</h2>
      {data.lastWeek.winners.length === 0 ? (
        <p>Nobody scored in the arena of the week of {data.lastWeek.weekStart}.</p>
      ) : (
        <ArenaTable caption={`Arena winners, week of ${data.lastWeek.weekStart}`} entries={data.lastWeek.winners} viewerId={user?.id} />
      )}
    </section>
  );
}

const PLACE = ['1st', '2nd', '3rd'];

/** The player's 'Arena winner, week of …' badges (top 3 of a finished week), newest first. */
export function ArenaWinnerBadges({ userId }: { userId: UserId }) {
  const query = useQuery({ ...routeQuery(apiPaths.arena.badges, { params: { id: userId } }), meta: { errorToast: false } });
  const badges = query.data?.badges ?? [];
  if (badges.length === 0) return null;
  return (
    <span role="list" aria-label="Arena badges" style={{ display: 'inline-flex', flexWrap: 'wrap', gap: '0.4rem' }}>
      {badges.map((badge) => (
        <Badge key={badge.weekStart} role="listitem" $variant="success" title={`${PLACE[badge.place - 1] ?? `#${badge.place}`} place`}>
          {arenaBadgeText(badge)}
        </Badge>
      ))}
    </span>
  );
}
