import { useEffect } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { firstScreenShown } from '../../app/firstScreen';
import { useSocketStore } from '../../stores/socket';
import { reportError } from '../errors/showError';
import { retryLater } from '../network/retryLater';
import type { UserId } from '@pog/common';

/** Between tries to load the live connection's code when it failed (offline, a new deployment). */
const RETRY_MS = 5_000;
/** The connection waits for the browser's first idle moment after the first screen has drawn, at most this long. */
const IDLE_WAIT_MS = 1_000;
/** And for the first screen's content at most this long (a slow screen does not hold the connection back). */
const SCREEN_WAIT_MS = 5_000;

/**
 * Keeps one live connection open while a player is signed in and routes server events into the
 * app (connect.ts): notifications into the bell, scored or edited POGs into every list, trades into
 * the Trade Center, PogBot's answer as it is written, a revoked session back to /auth. Events
 * missed while disconnected are replayed by the server from where this page left off. The
 * connection's code is loaded only for a signed-in player, once the first screen has drawn its
 * content (app/firstScreen.ts) and the browser is idle, so visitors never download it and a screen's
 * code and first data do not share the network and processor with it (nothing is missed meanwhile:
 * the connection resumes from the position the data was read at).
 */
export function useRealtime(userId: UserId | null): void {
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
    let cancelRetry: (() => void) | undefined;
    let opening: number | undefined;
    const start = () => {
      import('./connect').then(
        ({ connectRealtime }) => {
          // Opening the socket waits for a task of its own: the code's evaluation (socket.io-client)
          // and the connection's set-up then never add up to one long task on a slow phone.
          opening = window.setTimeout(() => {
            if (!stopped) close = connectRealtime({ userId, queryClient, navigate, setStatus });
          }, 0);
        },
        (error: unknown) => {
          reportError(error, 'live connection');
          if (!stopped) cancelRetry = retryLater(start, RETRY_MS);
        },
      );
    };
    let idle: number | undefined;
    void firstScreenShown(SCREEN_WAIT_MS).then(() => {
      if (stopped) return;
      if (typeof window.requestIdleCallback === 'function') idle = window.requestIdleCallback(start, { timeout: IDLE_WAIT_MS });
      else retry = window.setTimeout(start, 1);
    });
    return () => {
      stopped = true;
      if (idle !== undefined) window.cancelIdleCallback(idle);
      window.clearTimeout(retry);
      cancelRetry?.();
      window.clearTimeout(opening);
      close?.();
    };
  }, [userId, queryClient, navigate, setStatus]);
}
