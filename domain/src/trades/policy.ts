/**
 * Who may do what with trades (docs/rules.md, Trades). The sender offers and cancels; the recipient
 * answers and counters; only POGs one holds are offered; a banned player receives no offers; a
 * player's own lists are theirs alone. Whether the POGs are still free to move (cooldowns, supply,
 * battles) is the state of the trade, checked by the commands, not a question of who asks.
 */
import { ForbiddenError } from '@pog/common/errors';
import type { UserId } from '@pog/common/schemas/ids';
import { policy, rule, type Actor } from '../authorize';
import type { PogRow, TradeRow } from '../db/schema';
import { mayActAs, notYourself } from '../users/policy';

type Parties = Pick<TradeRow, 'fromUserId' | 'toUserId'>;
/** A player a trade would go to, as read under lock. */
type Recipient = { username: string; isBanned: boolean };

export const maySendTradeAs = (actor: Actor, fromUserId: UserId): boolean => mayActAs(actor, { id: fromUserId });
export const mayListTradesOf = (actor: Actor, userId: UserId): boolean => mayActAs(actor, { id: userId });
export const mayOfferPog = (actor: Actor, pog: Pick<PogRow, 'userId'> | undefined): boolean => pog !== undefined && pog.userId === actor.id;
export const mayOfferTradeTo = (_: Actor, recipient: Recipient): boolean => !recipient.isBanned;
export const mayAnswerTrade = (actor: Actor, trade: Parties): boolean => trade.toUserId === actor.id;
export const mayCounterTrade = (actor: Actor, trade: Parties): boolean => trade.toUserId === actor.id;
export const mayCancelTrade = (actor: Actor, trade: Parties): boolean => trade.fromUserId === actor.id;

export const tradePolicy = policy({
  send: rule(maySendTradeAs, () => notYourself('sender')),
  list: rule(mayListTradesOf, () => notYourself()),
  offerPog: rule(mayOfferPog, () => new ForbiddenError('You can only offer a POG you own.')),
  offerTo: rule(mayOfferTradeTo, (_, recipient) => new ForbiddenError(`${recipient.username} is banned and cannot receive trade offers.`)),
  answer: rule(mayAnswerTrade, () => new ForbiddenError('Only the player who received this offer can answer it.')),
  counter: rule(mayCounterTrade, () => new ForbiddenError('Only the player who received this offer can counter it.')),
  cancel: rule(mayCancelTrade, () => new ForbiddenError('Only the player who sent this offer can cancel it.')),
});
