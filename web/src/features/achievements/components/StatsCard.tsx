import styled from 'styled-components';
import type { UserId, UserStats } from '@pog/common';
import { STATS_TEXT } from '../messages';
import { useUserStats } from '../queries';

const Card = styled.section`
  display: grid;
  gap: 1rem;
  padding: 1.5rem;
  border-radius: ${({ theme }) => theme.radii.xl};
  border: 1px solid ${({ theme }) => theme.colors.border};
  background: ${({ theme }) => theme.colors.surface};
  h2 { font-size: 1.2rem; }
`;

const Grid = styled.dl`
  display: grid;
  grid-template-columns: repeat(auto-fill, minmax(160px, 1fr));
  gap: 0.75rem;
  margin: 0;
  div {
    padding: 0.85rem 1rem;
    border-radius: ${({ theme }) => theme.radii.md};
    background: ${({ theme }) => theme.colors.backgroundAlt};
    border: 1px solid ${({ theme }) => theme.colors.border};
  }
  dt { font-size: 0.8rem; font-weight: 700; color: ${({ theme }) => theme.colors.textSubtle}; }
  dd { margin: 0.2rem 0 0; font-size: 1.35rem; font-weight: 800; }
`;

const Note = styled.p`
  color: ${({ theme }) => theme.colors.textMuted};
`;

/** The stats the card shows, in order, each as "count of limit" where there is a limit. */
function rows(stats: UserStats): Array<[string, string]> {
  return [
    ['POGs held', `${stats.pogCount} / ${stats.collectionLimit}`],
    ['Created today', `${stats.dailyCreationCount} / ${stats.dailyCreationLimit}`],
    ['Trade offers today', `${stats.dailyTradeCount} / ${stats.dailyTradeLimit}`],
    ['POGs created', String(stats.creationCount)],
    ['Trades completed', String(stats.tradeCount)],
    ['Battles won', String(stats.battleWins)],
    ['Creation streak', `${stats.creationStreak} day${stats.creationStreak === 1 ? '' : 's'}`],
    ['Achievements', String(stats.completedAchievements)],
  ];
}

/** The player stats card (product spec: screens, Profile), with the spec's loading, error and empty texts. */
export function StatsCard({ userId }: { userId: UserId }) {
  const stats = useUserStats(userId);
  return (
    <Card aria-label="Player stats">
      <h2>Player Stats</h2>
      {stats.isPending ? (
        <Note role="status">{STATS_TEXT.loading}</Note>
      ) : stats.isError ? (
        <Note role="alert">{STATS_TEXT.failed}</Note>
      ) : !stats.data ? (
        <Note>{STATS_TEXT.empty}</Note>
      ) : (
        <Grid>
          {rows(stats.data).map(([label, value]) => (
            // A div may group a term with its value; a role on it would break the list (axe: definition-list).
            <div key={label}>
              <dt>{label}</dt>
              <dd>{value}</dd>
            </div>
          ))}
        </Grid>
      )}
    </Card>
  );
}
