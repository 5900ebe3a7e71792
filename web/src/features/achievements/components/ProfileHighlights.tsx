import styled from 'styled-components';
import { ProgressBar } from '../../../components/ProgressBar';
import { creatorLevelPercent } from '../creatorLevel';
import { MEMBER_SINCE_TEXT } from '../messages';
import { useUserStats } from '../queries';
import type { UserId } from '@pog/common';

const Row = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  gap: 0.5rem 1.25rem;
  font-size: 0.9rem;
  color: ${({ theme }) => theme.colors.textMuted};
  strong { color: ${({ theme }) => theme.colors.text}; }
`;

const Level = styled.div`
  display: grid;
  gap: 0.3rem;
  min-width: 200px;
  flex: 1;
`;

/** The profile header's line (product spec: screens, Profile): streak days, created count, member since, creator level. */
export function ProfileHighlights({ userId }: { userId: UserId }) {
  const stats = useUserStats(userId).data;
  const level = creatorLevelPercent(stats?.creationCount ?? 0);
  return (
    <Row>
      {stats && (
        <>
          <span>
            <strong>{stats.creationStreak}</strong> day streak
          </span>
          <span>
            <strong>{stats.creationCount}</strong> created
          </span>
        </>
      )}
      <span>{MEMBER_SINCE_TEXT}</span>
      {stats && (
        <Level>
          <span>Creator level: {level}%</span>
          <ProgressBar label="Creator level" percent={level} done={level === 100} />
        </Level>
      )}
    </Row>
  );
}
