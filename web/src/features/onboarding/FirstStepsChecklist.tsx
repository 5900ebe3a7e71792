import { useEffect, useState } from 'react';
import { Link } from 'react-router';
import styled from 'styled-components';
import type { UserId } from '@pog/common';
import { ProgressBar } from '../../components/ProgressBar';
import { VisuallyHidden } from '../../components/VisuallyHidden';
import { CloseButton } from '../../components/CloseButton';
import { CloseIcon } from '../../components/icons';
import { useUserStats } from '../achievements/queries';
import { dismissChecklist, firstSteps, isChecklistDismissed } from './checklist';

const Panel = styled.section`
  position: relative;
  display: grid;
  gap: 0.75rem;
  padding: 1rem 1.25rem;
  border-radius: ${({ theme }) => theme.radii.lg};
  border: 1px solid ${({ theme }) => theme.colors.borderStrong};
  background: ${({ theme }) => theme.colors.surface};
  h2 { font-size: 1.1rem; padding-right: 2.5rem; }
  ol { display: grid; gap: 0.5rem; list-style: none; margin: 0; padding: 0; }
`;

const Step = styled.li<{ $done: boolean }>`
  display: grid;
  grid-template-columns: 1.5rem 1fr auto;
  gap: 0.25rem 0.6rem;
  align-items: center;
  color: ${({ theme, $done }) => ($done ? theme.colors.textMuted : theme.colors.text)};
  strong { text-decoration: ${({ $done }) => ($done ? 'line-through' : 'none')}; }
  small { grid-column: 2; color: ${({ theme }) => theme.colors.textMuted}; }
  a { grid-row: 1 / span 2; grid-column: 3; font-weight: 700; color: ${({ theme }) => theme.colors.text}; text-decoration: underline; text-decoration-color: ${({ theme }) => theme.colors.accent}; text-underline-offset: 3px; }
`;

const Mark = styled.span<{ $done: boolean }>`
  display: grid;
  place-items: center;
  width: 1.5rem;
  height: 1.5rem;
  border-radius: 50%;
  border: 2px solid ${({ theme, $done }) => ($done ? theme.colors.success : theme.colors.borderStrong)};
  color: ${({ theme }) => theme.colors.success};
  font-weight: 800;
  font-size: 0.85rem;
`;

const Dismiss = styled(CloseButton)`
  top: 0.6rem;
  right: 0.6rem;
  svg { width: 1.1rem; height: 1.1rem; }
`;

/** How long what sits under the panel waits at most for its stats before showing without it. */
const SETTLE_WAIT_MS = 1500;

/**
 * Whether the panel's place is known: dismissed, or its stats answered (or failed, or are slow).
 * A screen draws what sits under the panel once it is, so the panel never pushes it down.
 */
export function useFirstStepsSettled(userId: UserId): boolean {
  const dismissed = isChecklistDismissed(userId);
  const stats = useUserStats(userId, !dismissed);
  const answered = stats.data !== undefined || stats.isError || stats.failureCount > 0;
  const [waited, setWaited] = useState(false);
  useEffect(() => {
    if (dismissed || answered) return;
    const timer = window.setTimeout(() => setWaited(true), SETTLE_WAIT_MS);
    return () => window.clearTimeout(timer);
  }, [dismissed, answered]);
  return dismissed || answered || waited;
}

/**
 * A new player's first steps, with progress and a link to each screen, until they dismiss it. The
 * stats (asked again after each creation, trade and battle) say which are done.
 */
export function FirstStepsChecklist({ userId }: { userId: UserId }) {
  const [dismissed, setDismissed] = useState(() => isChecklistDismissed(userId));
  const stats = useUserStats(userId, !dismissed);
  if (dismissed || !stats.data) return null;
  const steps = firstSteps(stats.data);
  const done = steps.filter((step) => step.done).length;
  return (
    <Panel aria-label="Your first steps">
      <h2>{done === steps.length ? 'You know the ropes!' : 'Your first steps'}</h2>
      <p>
        {done} of {steps.length} done
      </p>
      <ProgressBar percent={(done / steps.length) * 100} done={done === steps.length} label="First steps done" />
      <ol>
        {steps.map((step) => (
          <Step key={step.id} $done={step.done}>
            <Mark $done={step.done} aria-hidden="true">
              {step.done ? '✓' : ''}
            </Mark>
            <strong>
              {step.label}
              {step.done && <VisuallyHidden> (done)</VisuallyHidden>}
            </strong>
            <small>{step.hint}</small>
            {!step.done && <Link to={step.to}>{step.action}</Link>}
          </Step>
        ))}
      </ol>
      <Dismiss
        type="button"
        aria-label="Dismiss your first steps"
        onClick={() => {
          dismissChecklist(userId);
          setDismissed(true);
        }}
      >
        <CloseIcon />
      </Dismiss>
    </Panel>
  );
}
