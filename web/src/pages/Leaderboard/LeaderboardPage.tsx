import { useSearchParams } from 'react-router';
import styled from 'styled-components';
import { BoardPager, BoardPlayer, BoardTable as Table, OwnPlace, TableScroll } from '../../features/leaderboard/BoardTable';
import { LEADERBOARD_BOARDS, LEADERBOARD_MAX_PAGE, WIN_RATE_MIN_BATTLES, type Leaderboard, type LeaderboardBoard, type LeaderboardEntry, type LeaderboardPeriod } from '@pog/common';
import { Button } from '../../components/Button';
import { ErrorPanel } from '../../components/ErrorPanel';
import { Page, PageHeader, PageLead, PageTitle } from '../../components/Page';
import { Spinner } from '../../components/Spinner';
import { Tabs } from '../../components/Tabs';
import { useCurrentUser } from '../../features/auth/useCurrentUser';
import { BOARD_TEXT, formatFigure, formatRecord } from '../../features/leaderboard/format';
import { useLeaderboard } from '../../features/leaderboard/queries';
import { usePageTitle } from '../../hooks/usePageTitle';
import { ArenaBoardView } from '../../features/leaderboard/arena';
import { LAST_BATTLE_HEADER, LastBattleCell } from '../../features/leaderboard/LastBattle';

const TITLE = 'Leaderboard';

const Controls = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: 0.5rem;
  margin-top: 1.5rem;
`;

const PERIOD_TEXT: Record<LeaderboardPeriod, string> = { all: 'All time', week: 'This week' };

/** The boards' tabs: the leaderboards, and the weekly arena (board=arena). */
type Tab = LeaderboardBoard | 'arena';

function readParams(params: URLSearchParams): { board: Tab; period: LeaderboardPeriod; page: number } {
  const named = params.get('board') ?? '';
  const board: Tab = named === 'arena' || (LEADERBOARD_BOARDS as readonly string[]).includes(named) ? (named as Tab) : 'value';
  const period: LeaderboardPeriod = params.get('period') === 'week' ? 'week' : 'all';
  const page = Math.min(LEADERBOARD_MAX_PAGE, Math.max(1, Math.floor(Number(params.get('page'))) || 1));
  return { board, period, page };
}

/**
 * /leaderboard (an addition to the spec's screens): who leads by collection value, battle
 * wins and win rate, trades completed and points designed, all time or this UTC week; a signed-in
 * player sees their own rank even off the page. Completed battles and trades refresh it live.
 */
export default function LeaderboardPage() {
  usePageTitle(TITLE);
  const [params, setParams] = useSearchParams();
  const { board, period, page } = readParams(params);
  const go = (next: Partial<{ board: Tab; period: LeaderboardPeriod; page: number }>) => {
    const merged = { board, period, page: 1, ...next };
    setParams({ board: merged.board, period: merged.period, page: String(merged.page) }, { replace: true });
  };
  return (
    <Page>
      <PageHeader>
        <PageTitle>{TITLE}</PageTitle>
        <PageLead>The richest collections, the best battle records, the busiest traders and the best designers.</PageLead>
      </PageHeader>
      {/* The arena is always this UTC week: no period to choose. */}
      {board !== 'arena' && (
      <Controls role="group" aria-label="Period">
        {(['all', 'week'] as const).map((id) => (
          <Button key={id} $variant={id === period ? 'primary' : 'outline'} aria-pressed={id === period} onClick={() => go({ period: id })}>
            {PERIOD_TEXT[id]}
          </Button>
        ))}
      </Controls>
      )}
      <Tabs
        label="Boards"
        value={board}
        onValueChange={(id) => go({ board: id })}
        items={[
          ...LEADERBOARD_BOARDS.map((id) => ({ id: id as Tab, label: BOARD_TEXT[id].tab, content: <Board board={id} period={period} page={page} onPage={(p) => go({ page: p })} /> })),
          { id: 'arena' as Tab, label: 'Weekly arena', content: <ArenaBoardView page={page} onPage={(p) => go({ page: p })} /> },
        ]}
      />
    </Page>
  );
}

function Board({ board, period, page, onPage }: { board: LeaderboardBoard; period: LeaderboardPeriod; page: number; onPage: (page: number) => void }) {
  const query = useLeaderboard(board, period, page);
  const { data: user } = useCurrentUser();
  if (query.isPending) return <Spinner label="Loading the leaderboard..." />;
  if (query.isError) return <ErrorPanel error={query.error} onRetry={() => void query.refetch()} />;
  const data = query.data;
  const text = BOARD_TEXT[board];
  const scope = period === 'week' && data.weekStart ? `this week (since Monday ${data.weekStart}, 00:00 UTC)` : 'all time';
  return (
    <section aria-label={`${text.tab}, ${PERIOD_TEXT[period]}`}>
      {user && <OwnRank board={board} data={data} />}
      {data.entries.length === 0 ? (
        <p>{page > 1 ? 'No more players on this board.' : text.empty}</p>
      ) : (
        <TableScroll>
          <Table>
            <caption>
              {text.tab}, {scope}
              {board === 'winRate' && `: players with ${WIN_RATE_MIN_BATTLES} or more battles`}
            </caption>
            <thead>
              <tr>
                <th scope="col">Rank</th>
                <th scope="col">Player</th>
                {(board === 'wins' || board === 'winRate') && <th scope="col">Won</th>}
                <th scope="col" className="figure">
                  {text.column}
                </th>
                <th scope="col">{LAST_BATTLE_HEADER}</th>
              </tr>
            </thead>
            <tbody>
              {data.entries.map((entry) => (
                <tr key={entry.userId} aria-current={entry.userId === user?.id ? 'true' : undefined}>
                  <td>{entry.rank}</td>
                  <td>
                    <BoardPlayer entry={entry} linked={Boolean(user)} />
                  </td>
                  {(board === 'wins' || board === 'winRate') && <td>{formatRecord(entry)}</td>}
                  <td className="figure">{formatFigure(board, entry)}</td>
                  <LastBattleCell entry={entry} />
                </tr>
              ))}
            </tbody>
          </Table>
        </TableScroll>
      )}
      <BoardPager label="Leaderboard pages" page={page} hasMore={data.hasMore} maxPage={LEADERBOARD_MAX_PAGE} onPage={onPage} />
    </section>
  );
}

function OwnRank({ board, data }: { board: LeaderboardBoard; data: Leaderboard }) {
  const me: LeaderboardEntry | null = data.me;
  return (
    <OwnPlace role="status">
      {me ? (
        <>
          Your rank: <strong>#{me.rank.toLocaleString('en')}</strong> ({BOARD_TEXT[board].column.toLowerCase()}: {formatFigure(board, me)})
        </>
      ) : (
        'You are not on this board yet.'
      )}
    </OwnPlace>
  );
}
