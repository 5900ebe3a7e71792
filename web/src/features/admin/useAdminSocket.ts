import { useEffect, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { createAdminSocket } from './socket';
import { applyLiveModerationEvent, applyLiveUserEvent, refreshAdminData } from './cache';

export type AdminLiveStatus = 'off' | 'connecting' | 'live' | 'reconnecting';

/**
 * The panel's own live connection, separate from the player's (which exists only for a signed-in
 * player). The handshake carries the admin cookie, so the server puts it in the `admins` room and
 * sends it the moderation queue. Open only while `enabled` (an admin session exists); after a
 * reconnect the lists are reloaded, because events sent meanwhile are lost.
 */
export function useAdminSocket(enabled: boolean): AdminLiveStatus {
  const queryClient = useQueryClient();
  const [status, setStatus] = useState<AdminLiveStatus>('off');

  useEffect(() => {
    if (!enabled) {
      setStatus('off');
      return;
    }
    const socket = createAdminSocket();
    let connectedBefore = false;
    socket.on('connect', () => {
      setStatus('live');
      if (connectedBefore) void refreshAdminData(queryClient);
      connectedBefore = true;
    });
    socket.on('disconnect', (reason) => setStatus(reason === 'io server disconnect' || reason === 'io client disconnect' ? 'off' : 'reconnecting'));
    socket.on('connect_error', () => setStatus(socket.active ? 'reconnecting' : 'off'));
    socket.on('moderation:queue', (event) => applyLiveModerationEvent(queryClient, event));
    socket.on('moderation:user', (event) => applyLiveUserEvent(queryClient, event));

    setStatus('connecting');
    socket.connect();
    return () => {
      socket.removeAllListeners();
      socket.disconnect();
    };
  }, [enabled, queryClient]);

  return status;
}
