import styled from 'styled-components';
import type { AdminLiveStatus } from '../useAdminSocket';

const LABELS: Record<AdminLiveStatus, string> = {
  off: 'Live updates off',
  connecting: 'Connecting...',
  live: 'Live',
  reconnecting: 'Reconnecting...',
};

const Pill = styled.span<{ $on: boolean }>`
  display: inline-flex;
  align-items: center;
  gap: 0.4rem;
  font-size: 0.8rem;
  color: ${({ theme }) => theme.colors.textMuted};
  &::before {
    content: '';
    width: 0.55rem;
    height: 0.55rem;
    border-radius: 50%;
    background: ${({ theme, $on }) => ($on ? theme.colors.success : theme.colors.warning)};
  }
`;

/** Whether the queue is arriving live, so an admin knows when to trust the screen without reloading. */
export function LiveIndicator({ status }: { status: AdminLiveStatus }) {
  return (
    <Pill $on={status === 'live'} role="status" data-live-status={status}>
      {LABELS[status]}
    </Pill>
  );
}
