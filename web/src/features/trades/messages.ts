/** The trade texts of the product spec (screens, validation and errors), word for word where the spec gives them. */
import { isReleaseReason, RELEASE_REASON_TEXT, type Pog, type Trade } from '@pog/common';

const pogName = (pog: Pog | null) => (pog ? pog.name || 'an unnamed POG' : 'a deleted POG');

export const TRADE_TEXT = {
  dialogTitle: 'Trade POGs',
  yourPogs: 'Your POGs',
  tradeWith: 'Trade With',
  selectedToTrade: 'Selected to Trade:',
  youWant: 'You want:',
  offering: 'Offering',
  want: 'Want',
  clickToOffer: 'Click a POG above to offer it',
  clickToRequest: 'Click a POG above to request it',
  selectPlayer: 'Select player',
  selectPlayerFirst: 'Select a player to see their POGs',
  noOwnPogs: "You don't have any POGs yet!",
  playerHasNoPogs: "This player doesn't have any POGs!",
  send: 'Send Trade Offer',
  sending: 'Sending...',
  cancel: 'Cancel',
  missingChoice: 'Please select pogs to trade',

  sentTitle: 'Trade Offer Sent',
  sentMessage: 'Your trade offer has been sent successfully!',
  sendFailedTitle: 'Trade Error',
  sendFailedFallback: 'The trade offer could not be sent. Please try again.',
  updatedTitle: 'Trade updated',
  updateFailed: (message: string) => `Failed to update trade: ${message}`,
  cancelledTitle: 'Trade cancelled',
  cancelledMessage: 'The trade request has been cancelled.',
  cancelFailed: 'Failed to cancel trade. Please try again.',
  cancelFailedWith: (message: string) => `Failed to cancel trade: ${message}`,
  errorTitle: 'Error',

  centerTitle: 'Trade Center',
  newTrade: 'New Trade',
  pendingTab: 'Pending Trades',
  historyTab: 'History',
  pending: 'Pending',
  noPending: 'No pending trades',
  noPendingHint: 'Offer one of your POGs for one of another player’s with New Trade.',
  noHistory: 'No finished trades yet',
  signedOut: 'Log in to see and answer your trades.',

  // The confirmation before an answer (not in the spec, which these add to).
  confirmAccept: {
    title: 'Accept this trade?',
    description: (trade: Trade) =>
      `You give ${pogName(trade.requestPog)} and get ${pogName(trade.offerPog)} from ${trade.fromUser.username}. Once accepted, the trade cannot be undone.`,
    confirm: 'Accept Trade',
  },
  confirmReject: {
    title: 'Reject this trade?',
    description: (trade: Trade) => `${trade.fromUser.username}'s offer of ${pogName(trade.offerPog)} for ${pogName(trade.requestPog)} ends, and they are told.`,
    confirm: 'Reject Trade',
  },

  // Counter-offers (not in the spec, which these add to).
  counter: 'Counter',
  counterTitle: 'Counter-offer',
  counterDescription: 'Answer with your own offer: keep or change the POG you give and the POG you want. It replaces this offer.',
  youGive: 'You give',
  youWantFrom: (username: string) => `You want from ${username}`,
  sendCounter: 'Send Counter-Offer',
  sendingCounter: 'Sending...',
  counterSentTitle: 'Counter-offer sent',
  counterSentMessage: 'Your counter-offer replaced their offer.',
  counterFailedTitle: 'Counter-offer Error',
  counterUnchanged: 'Change at least one POG, or accept the offer as it is.',
  counterBadge: (round: number) => `Counter-offer, round ${round}`,
  earlierOffers: (count: number) => (count === 1 ? 'Earlier offer (1)' : `Earlier offers (${count})`),
  chainLink: (from: string, offer: string | null, request: string | null) => `${from} offered ${offer ?? 'a deleted POG'} for ${request ?? 'a deleted POG'}`,
} as const;

/** Why the system cancelled an offer (`cancelReason`), in the words the notifications use. */
export function cancelReasonText(reason: string): string {
  return isReleaseReason(reason) ? `Cancelled: ${RELEASE_REASON_TEXT[reason]}` : reason;
}
