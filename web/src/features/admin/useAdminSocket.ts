import { useEffect, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import type { SocketStatus } from '../../stores/socket';
import { bindLiveSocket } from '../realtime/liveSocket';
import { createGameSocket } from '../realtime/socket';
import { StreamCursor } from '@pog/common';
import { applyLiveModerationEvent, applyLiveUserEvent, refreshAdminData } from './cache';
import { applyLiveClaimEvent } from './claims';

export type AdminLiveStatus = 'off' | 'connecting' | 'live' | 'reconnecting';

const ADMIN_STATUS: Record<SocketStatus, AdminLiveStatus> = { connected: 'live', connecting: 'connecting', reconnecting: 'reconnecting', disconnected: 'off' };

/**
 * The panel's own live connection, separate from the player's (which exists only for a signed-in
 * player). The handshake carries the admin cookie, so the server sends it the 'admins' stream (the
 * moderation queue). Open only while `enabled` (an admin session exists). Events missed while
 * disconnected are replayed; the lists are reloaded only when that is not possible (the first
 * connection, or a gap older than the server keeps).
 */
export function useAdminSocket(enabled: boolean): AdminLiveStatus {
  const queryClient = useQueryClient();
  const [status, setStatus] = useState<AdminLiveStatus>('off');

  useEffect(() => {
    if (!enabled) {
      setStatus('off');
      return;
    }
    const cursor = new StreamCursor();
    const live = bindLiveSocket({
      socket: createGameSocket(cursor, { forceNew: true }),
      cursor,
      onStatus: (status) => setStatus(ADMIN_STATUS[status]),
      onReset: () => void refreshAdminData(queryClient),
    });
    live.on('moderation:queue', (event) => applyLiveModerationEvent(queryClient, event));
    live.on('moderation:user', (event) => applyLiveUserEvent(queryClient, event));
    live.on('moderation:claim', (event) => applyLiveClaimEvent(queryClient, event));
    return () => live.close();
  }, [enabled, queryClient]);

  return status;
}
