import { useCallback, useId, useMemo, useRef, useState } from 'react';
import { Link } from 'react-router';
import styled from 'styled-components';
import { avatarInitials, type User } from '@pog/common';
import { Avatar } from '../components/Avatar';
import { LogOutIcon, SparklesIcon, SpeakerIcon, UserIcon } from '../components/icons';
import { useDismiss } from '../hooks/useDismiss';
import { useLogout } from '../features/auth/useAuthActions';
import { setAlertSound, useAlertSound } from '../features/sound/alertSound';
import { useSocketStore, type SocketStatus } from '../stores/socket';
import { Anchor, Popover } from './Popover';

const Trigger = styled.button`
  display: inline-flex;
  padding: 0;
  border: 2px solid transparent;
  border-radius: 50%;
  background: none;
  cursor: pointer;
  transition: border-color 120ms ease;
  &:hover, &[aria-expanded='true'] { border-color: ${({ theme }) => theme.colors.primary}; }
`;

const Who = styled.div`
  display: flex;
  align-items: center;
  gap: 0.75rem;
  padding: 1rem;
  border-bottom: 1px solid ${({ theme }) => theme.colors.border};
  p { font-weight: 700; line-height: 1.25; }
  small { color: ${({ theme }) => theme.colors.textSubtle}; }
`;

const Live = styled.p<{ $status: SocketStatus }>`
  display: flex;
  align-items: center;
  gap: 0.4rem;
  padding: 0.55rem 1rem;
  font-size: 0.8rem;
  color: ${({ theme }) => theme.colors.textSubtle};
  border-bottom: 1px solid ${({ theme }) => theme.colors.border};
  &::before {
    content: '';
    width: 0.5rem;
    height: 0.5rem;
    border-radius: 50%;
    background: ${({ $status, theme }) => ($status === 'connected' ? theme.colors.success : $status === 'disconnected' ? theme.colors.textSubtle : theme.colors.warning)};
  }
`;

const Items = styled.ul`
  list-style: none;
  margin: 0;
  padding: 0.35rem;
  a, button {
    display: flex;
    align-items: center;
    gap: 0.6rem;
    width: 100%;
    padding: 0.6rem 0.75rem;
    border: none;
    border-radius: ${({ theme }) => theme.radii.md};
    background: none;
    color: ${({ theme }) => theme.colors.text};
    font-weight: 600;
    text-align: left;
    text-decoration: none;
    cursor: pointer;
    svg { width: 1.1rem; height: 1.1rem; color: ${({ theme }) => theme.colors.textMuted}; }
    &:hover { background: ${({ theme }) => theme.colors.surfaceRaised}; }
  }
`;

const SwitchState = styled.span`
  margin-left: auto;
  font-size: 0.8rem;
  color: ${({ theme }) => theme.colors.textSubtle};
`;

const LIVE_TEXT: Record<SocketStatus, string> = {
  connected: 'Live updates on',
  connecting: 'Connecting live updates...',
  reconnecting: 'Reconnecting live updates...',
  disconnected: 'Live updates off',
};

/**
 * The signed-in player's menu: their initials, then Profile, Leaderboard, the alert sound's switch
 * and Log Out. The button's name starts with the initials it shows, so a speech user can say what
 * they see.
 */
export function UserMenu({ user }: { user: User }) {
  const [open, setOpen] = useState(false);
  const status = useSocketStore((state) => state.status);
  const soundOn = useAlertSound((state) => state.on);
  const logout = useLogout();
  const buttonRef = useRef<HTMLButtonElement>(null);
  const panelRef = useRef<HTMLDivElement>(null);
  const refs = useMemo(() => [buttonRef, panelRef], []);
  const close = useCallback(() => setOpen(false), []);
  const panelId = useId();
  const initials = avatarInitials(user.username);
  useDismiss(open, close, refs, buttonRef);

  return (
    <Anchor>
      <Trigger
        ref={buttonRef}
        type="button"
        aria-label={`${initials}, User menu`}
        aria-expanded={open}
        aria-controls={open ? panelId : undefined}
        onClick={() => setOpen(!open)}
        data-testid="user-menu-initials"
      >
        <Avatar initials={initials} color={user.avatarColor} size={38} />
      </Trigger>
      {open && (
        <Popover ref={panelRef} id={panelId} role="region" aria-label="User menu" $width={260}>
          <Who>
            <Avatar initials={initials} color={user.avatarColor} size={40} />
            <div>
              <p>{user.displayName || user.username}</p>
              <small>@{user.username}</small>
            </div>
          </Who>
          <Live $status={status}>{LIVE_TEXT[status]}</Live>
          <Items>
            <li>
              <Link to="/profile" onClick={close}>
                <UserIcon /> Profile
              </Link>
            </li>
            {/* The leaderboard, here too where the header is too narrow for its link. */}
            <li>
              <Link to="/leaderboard" onClick={close}>
                <SparklesIcon /> Leaderboard
              </Link>
            </li>
            {/* The chime of the toasts for offers and challenges, arriving or answered; remembered in this browser. */}
            <li>
              <button type="button" role="switch" aria-checked={soundOn} onClick={() => setAlertSound(!soundOn)}>
                <SpeakerIcon on={soundOn} /> Alert sounds <SwitchState aria-hidden="true">{soundOn ? 'On' : 'Off'}</SwitchState>
              </button>
            </li>
            <li>
              <button type="button" disabled={logout.isPending} onClick={() => logout.mutate(undefined, { onSettled: close })}>
                <LogOutIcon /> {logout.isPending ? 'Logging out...' : 'Log Out'}
              </button>
            </li>
          </Items>
        </Popover>
      )}
    </Anchor>
  );
}
