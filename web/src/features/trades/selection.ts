/**
 * What the Trade dialog has chosen, as a pure state machine so its rules can be tested:
 * a POG of yours to offer, a player, and one of their POGs to request. Closing the dialog clears
 * the player and the requested POG, and the offered POG unless it was preset (the product spec (states),
 * Trade dialog close).
 */
import { type Pog, type PogId, TRADE_COOLDOWN_MINUTES, type UserId } from '@pog/common';

export interface TradeSelection {
  /** The POG the dialog was opened for (e.g. from a card in the collection); survives a close. */
  presetOfferId: PogId | null;
  offerPogId: PogId | null;
  playerId: UserId | null;
  requestPogId: PogId | null;
}

/** How the dialog is opened: from your own POG, from another player's POG, or plain (New Trade). */
export interface TradePreset {
  offerPogId?: PogId | undefined;
  request?: { pogId: PogId; ownerId: UserId } | undefined;
  /** The player to trade with, when no POG of theirs is chosen yet. */
  playerId?: UserId | undefined;
}

export const EMPTY_PRESET: TradePreset = {};

export const EMPTY_SELECTION: TradeSelection = { presetOfferId: null, offerPogId: null, playerId: null, requestPogId: null };

export type SelectionAction =
  | { type: 'open'; preset: TradePreset }
  | { type: 'offer'; pogId: PogId }
  | { type: 'player'; playerId: UserId | null }
  | { type: 'request'; pogId: PogId }
  | { type: 'close' };

function opened(state: TradeSelection, { offerPogId, request, playerId }: TradePreset): TradeSelection {
  const player = request?.ownerId ?? playerId ?? state.playerId;
  return {
    presetOfferId: offerPogId ?? state.presetOfferId,
    offerPogId: offerPogId ?? state.offerPogId,
    playerId: player,
    // Another player's POGs are another list: a request of the player before cannot stand.
    requestPogId: request ? request.pogId : player === state.playerId ? state.requestPogId : null,
  };
}

export function selectionReducer(state: TradeSelection, action: SelectionAction): TradeSelection {
  switch (action.type) {
    case 'open':
      return opened(state, action.preset);
    case 'offer':
      // Clicking the chosen POG again takes it back.
      return { ...state, offerPogId: state.offerPogId === action.pogId ? null : action.pogId };
    case 'player':
      // Another player's POGs are another list: the old request cannot stand.
      return action.playerId === state.playerId ? state : { ...state, playerId: action.playerId, requestPogId: null };
    case 'request':
      return { ...state, requestPogId: state.requestPogId === action.pogId ? null : action.pogId };
    case 'close':
      return { presetOfferId: state.presetOfferId, offerPogId: state.presetOfferId, playerId: null, requestPogId: null };
  }
}

/** Everything the offer needs (product spec: validation): else 'Please select pogs to trade'. */
export function isComplete(selection: TradeSelection, userId: UserId | null | undefined): boolean {
  return Boolean(userId && selection.offerPogId && selection.playerId && selection.requestPogId);
}

type CooldownPog = Pick<Pog, 'name' | 'rarity'>;

const minutes = (n: number) => `${n} minute${n === 1 ? '' : 's'}`;

/**
 * The dialog's cooldown sentence: the real cooldown of each chosen POG by its rarity, in place of the
 * old "24 hours" (decisions.md, Limits).
 */
export function cooldownNotice(offer: CooldownPog | null, request: CooldownPog | null): string {
  const chosen = [offer, request].filter((pog): pog is CooldownPog => pog !== null);
  if (chosen.length === 0) {
    const values = Object.values(TRADE_COOLDOWN_MINUTES);
    return `After a trade, both POGs rest on a cooldown set by their rarity (${minutes(Math.min(...values))} to ${minutes(Math.max(...values))}) before they can be traded again.`;
  }
  const parts = chosen.map((pog) => `${pog.name} for ${minutes(TRADE_COOLDOWN_MINUTES[pog.rarity])} (${pog.rarity})`);
  return `After the trade, each POG rests on a cooldown before it can be traded again: ${parts.join(' and ')}.`;
}
