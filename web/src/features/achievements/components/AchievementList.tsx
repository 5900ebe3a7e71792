import styled from 'styled-components';
import { type Achievement, ACHIEVEMENT_TYPES, type AchievementType, describeReward, type UserId } from '@pog/common';
import { ProgressBar } from '../../../components/ProgressBar';
import { STATS_TEXT } from '../messages';
import { useAchievements } from '../queries';
import { AchievementIcon } from './AchievementIcon';

const GROUP_TITLES: Record<AchievementType, string> = {
  collection: 'Collection',
  creation: 'Creation',
  trade: 'Trading',
  battle: 'Battles',
  streak: 'Streaks',
};

const Groups = styled.div`
  display: grid;
  gap: 1.5rem;
  h3 { font-size: 1rem; margin-bottom: 0.6rem; color: ${({ theme }) => theme.colors.textMuted}; }
`;

const Items = styled.ul`
  display: grid;
  grid-template-columns: repeat(auto-fill, minmax(260px, 1fr));
  gap: 0.75rem;
  margin: 0;
  padding: 0;
  list-style: none;
`;

const Item = styled.li<{ $done: boolean }>`
  display: grid;
  grid-template-columns: auto 1fr;
  gap: 0.4rem 0.85rem;
  padding: 1rem;
  border-radius: ${({ theme }) => theme.radii.lg};
  border: 1px solid ${({ theme, $done }) => ($done ? theme.colors.gold : theme.colors.border)};
  background: ${({ theme }) => theme.colors.surface};
  > span { grid-row: span 2; width: 40px; height: 40px; display: grid; place-items: center; border-radius: ${({ theme }) => theme.radii.md}; background: ${({ theme }) => theme.colors.backgroundAlt}; color: ${({ theme, $done }) => ($done ? theme.colors.gold : theme.colors.textMuted)}; }
  > span svg { width: 22px; height: 22px; }
  h4 { font-size: 1rem; }
  p { font-size: 0.875rem; color: ${({ theme }) => theme.colors.textMuted}; }
  > div { grid-column: 1 / -1; display: grid; gap: 0.35rem; }
  small { display: flex; justify-content: space-between; gap: 0.5rem; font-size: 0.8rem; color: ${({ theme }) => theme.colors.textSubtle}; }
  small span:first-child { white-space: nowrap; }
  small span:last-child { text-align: right; }
`;

const Note = styled.p`
  color: ${({ theme }) => theme.colors.textMuted};
`;

function AchievementItem({ achievement: a }: { achievement: Achievement }) {
  return (
    <Item $done={a.completed} aria-label={a.name}>
      <span>
        <AchievementIcon name={a.iconName} />
      </span>
      <h4>{a.name}</h4>
      <p>{a.description}</p>
      <div>
        <ProgressBar label={`${a.name} progress`} percent={a.progress} done={a.completed} />
        <small>
          <span>{a.completed ? 'Completed' : `${a.currentValue} / ${a.targetValue}`}</span>
          <span>{describeReward(a)}</span>
        </small>
      </div>
    </Item>
  );
}

/** The Achievements tab: groups in the spec's order (collection, creation, trade, battle, streak), each by target. */
export function AchievementList({ userId }: { userId: UserId }) {
  const achievements = useAchievements(userId);
  if (achievements.isPending) return <Note role="status">Loading achievements...</Note>;
  if (achievements.isError) return <Note role="alert">{STATS_TEXT.achievementsFailed}</Note>;
  if (achievements.data.length === 0) return <Note>{STATS_TEXT.achievementsEmpty}</Note>;
  return (
    <Groups>
      {ACHIEVEMENT_TYPES.map((type) => {
        const group = achievements.data.filter((a) => a.type === type);
        if (group.length === 0) return null;
        return (
          <section key={type} aria-label={`${GROUP_TITLES[type]} achievements`}>
            <h3>{GROUP_TITLES[type]}</h3>
            <Items>
              {group.map((a) => (
                <AchievementItem key={a.id} achievement={a} />
              ))}
            </Items>
          </section>
        );
      })}
    </Groups>
  );
}
