/** The trade contract (spec sections 3, 7; issue 4). */
import { z } from 'zod';
import type { Pog } from '../pogs/pog';
import { idSchema as id } from '../schemas/ids';

export const TRADE_STATUSES = ['pending', 'accepted', 'rejected', 'cancelled', 'expired', 'countered'] as const;
export type TradeStatus = (typeof TRADE_STATUSES)[number];

/** POST /api/trades */
export const createTradeRequestSchema = z.object({
  fromUserId: id('fromUserId'),
  toUserId: id('toUserId'),
  offerPogId: id('offerPogId'),
  requestPogId: id('requestPogId'),
});
export type CreateTradeRequest = z.infer<typeof createTradeRequestSchema>;

/** PATCH /api/trades/:id/status: the recipient's answer. */
export const tradeAnswerSchema = z.object({
  status: z.enum(['accepted', 'rejected'], { error: 'status must be "accepted" or "rejected"' }),
});

/** POST /api/trades/:id/cancel */
export const cancelTradeRequestSchema = z.object({ userId: id('userId') });

/**
 * POST /api/trades/:id/counter: the recipient answers with their own offer, which replaces this one.
 * `offerPogId` is the recipient's POG they give, `requestPogId` the other player's POG they want.
 */
export const counterTradeRequestSchema = z.object({
  offerPogId: id('offerPogId'),
  requestPogId: id('requestPogId'),
});
export type CounterTradeRequest = z.infer<typeof counterTradeRequestSchema>;

/** An earlier offer of a negotiation (a trade this one counters, directly or further back). */
export interface TradeChainLink {
  id: number;
  fromUsername: string;
  toUsername: string;
  offerPogName: string | null;
  requestPogName: string | null;
  status: TradeStatus;
  createdAt: string;
}

export interface TradeParty {
  id: number;
  username: string;
  avatarColor: string;
  avatarInitials: string;
}

export interface Trade {
  id: number;
  fromUserId: number;
  toUserId: number;
  offerPogId: number | null;
  requestPogId: number | null;
  status: TradeStatus;
  cancelReason: string | null;
  createdAt: string;
  expiresAt: string;
  decidedAt: string | null;
  timeAgo: string;
  fromUser: TradeParty;
  toUser: TradeParty;
  offerPog: Pog | null;
  requestPog: Pog | null;
  /** The trade this one counters, or null for a first offer. */
  counterOfId: number | null;
  /** The earlier offers of the negotiation, first offer first (empty for a first offer). */
  chain: TradeChainLink[];
}
