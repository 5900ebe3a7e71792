/**
 * What the player's page does with each durable event: the bell, every POG list, the Trade Center,
 * the Battle Arena, PogBot's history, the Matches panel, and a toast with a link for an incoming offer or challenge, or
 * for an answer to one the player sent.
 * Loaded by connect.ts with the first event to apply (the events' schemas load then too), not with
 * the connection: a page load seldom receives one, and this code needs zod.
 */
import type { QueryClient } from '@tanstack/react-query';
import type { NavigateFunction } from 'react-router';
import type { DurableEvents, PositionedEventName, UserId } from '@pog/common';
import { toast } from '../../stores/toasts';
import { applyLiveBattle } from '../battles/live';
import { applyChatReply } from '../chat/live';
import { addLiveNotification, applyLiveRead } from '../notifications/cache';
import { refreshStatsOn } from '../achievements/live';
import { applyLivePog } from '../pogs/live';
import { applyLiveTrade } from '../trades/live';
import { matchesRefresher } from '../wishlists/queries';
import { playAlert } from '../sound/alertSound';
import type { AlertToast } from './announced';
import { answeredChallenge, answeredTrade } from './answered';
import { incomingChallenge, incomingTrade } from './incoming';

/** The events a player's connection applies (the moderation ones are the admin panel's). */
export type PlayerEventName = Exclude<PositionedEventName, 'moderation:queue' | 'moderation:user' | 'moderation:claim'>;

export type PlayerEventHandlers = { [E in PlayerEventName]: (payload: DurableEvents[E]) => void };

export interface PlayerEventDeps {
  userId: UserId;
  queryClient: QueryClient;
  navigate: NavigateFunction;
}

export function playerEventHandlers({ userId, queryClient, navigate }: PlayerEventDeps): PlayerEventHandlers {
  // An offer or a challenge for this player, or an answer to one they sent, also gets a toast with a
  // link to it and a chime (when the player has the sound on).
  const announce = (alert: AlertToast | null) => {
    if (!alert) return;
    toast({ title: alert.title, description: alert.description, action: { label: alert.action.label, onClick: () => navigate(alert.action.to) } });
    playAlert(alert.cue);
  };
  const matchesChanged = matchesRefresher(queryClient);
  return {
    notification: (notification) => {
      addLiveNotification(queryClient, notification);
      refreshStatsOn(queryClient, notification);
    },
    'notifications:read': (read) => applyLiveRead(queryClient, read),
    'pog:updated': (payload) => applyLivePog(queryClient, payload),
    'battle:created': (battle) => {
      applyLiveBattle(queryClient, battle, userId);
      announce(incomingChallenge(battle, userId));
    },
    'battle:updated': (battle) => {
      applyLiveBattle(queryClient, battle, userId);
      announce(answeredChallenge(battle, userId));
    },
    'trade:created': (trade) => {
      applyLiveTrade(queryClient, trade, userId);
      announce(incomingTrade(trade, userId));
    },
    'trade:updated': (trade) => {
      applyLiveTrade(queryClient, trade, userId);
      announce(answeredTrade(trade, userId));
    },
    'chat:reply': () => applyChatReply(queryClient),
    'matches:changed': () => matchesChanged(),
  };
}
