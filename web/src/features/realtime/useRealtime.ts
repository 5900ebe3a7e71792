import { useEffect } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { useSocketStore } from '../../stores/socket';
import { reportError } from '../errors/showError';

/** Between tries to load the live connection's code when it failed (offline, a new deployment). */
const RETRY_MS = 5_000;

/**
 * Keeps one live connection open while a player is signed in and routes server events into the
 * app (connect.ts): notifications into the bell, scored or edited POGs into every list, trades into
 * the Trade Center, PogBot's answer as it is written, a revoked session back to /auth. Events
 * missed while disconnected are replayed by the server from where this page left off. The
 * connection's code is loaded only for a signed-in player, after the page has rendered, so
 * visitors never download it and nobody waits for it before the first paint.
 */
export function useRealtime(userId: number | null): void {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const setStatus = useSocketStore((state) => state.setStatus);

  useEffect(() => {
    if (userId === null) {
      setStatus('disconnected');
      return;
    }
    let close: (() => void) | undefined;
    let stopped = false;
    let retry: number | undefined;
    const start = () => {
      import('./connect').then(
        ({ connectRealtime }) => {
          if (!stopped) close = connectRealtime({ userId, queryClient, navigate, setStatus });
        },
        (error: unknown) => {
          reportError(error, 'live connection');
          if (!stopped) retry = window.setTimeout(start, RETRY_MS);
        },
      );
    };
    start();
    return () => {
      stopped = true;
      window.clearTimeout(retry);
      close?.();
    };
  }, [userId, queryClient, navigate, setStatus]);
}
