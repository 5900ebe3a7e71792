/** The trade contract (product spec: entities and calls). */
import { z } from 'zod';
import { pogSchema } from '../pogs/pog';
import { partySchema, type Party } from '../schemas/auth';
import { pogIdField, pogIdSchema, tradeIdField, userIdField, userIdSchema } from '../schemas/ids';

export const TRADE_STATUSES = ['pending', 'accepted', 'rejected', 'cancelled', 'expired', 'countered'] as const;
export type TradeStatus = (typeof TRADE_STATUSES)[number];

/** POST /api/trades */
export const createTradeRequestSchema = z.object({
  fromUserId: userIdSchema('fromUserId'),
  toUserId: userIdSchema('toUserId'),
  offerPogId: pogIdSchema('offerPogId'),
  requestPogId: pogIdSchema('requestPogId'),
});
export type CreateTradeRequest = z.infer<typeof createTradeRequestSchema>;

/** PATCH /api/trades/:id/status: the recipient's answer. */
export const tradeAnswerSchema = z.object({
  status: z.enum(['accepted', 'rejected'], { error: 'status must be "accepted" or "rejected"' }),
});

/** POST /api/trades/:id/cancel */
export const cancelTradeRequestSchema = z.object({ userId: userIdSchema('userId') });

/**
 * POST /api/trades/:id/counter: the recipient answers with their own offer, which replaces this one.
 * `offerPogId` is the recipient's POG they give, `requestPogId` the other player's POG they want.
 */
export const counterTradeRequestSchema = z.object({
  offerPogId: pogIdSchema('offerPogId'),
  requestPogId: pogIdSchema('requestPogId'),
});
export type CounterTradeRequest = z.infer<typeof counterTradeRequestSchema>;

/** An earlier offer of a negotiation (a trade this one counters, directly or further back). */
export const tradeChainLinkSchema = z.object({
  id: tradeIdField(),
  fromUsername: z.string(),
  toUsername: z.string(),
  offerPogName: z.string().nullable(),
  requestPogName: z.string().nullable(),
  status: z.enum(TRADE_STATUSES),
  createdAt: z.string(),
});
export type TradeChainLink = z.infer<typeof tradeChainLinkSchema>;

export const tradePartySchema = partySchema;
export type TradeParty = Party;

/** A trade as the API and the `trade:created` / `trade:updated` events show it. */
export const tradeSchema = z.object({
  id: tradeIdField(),
  fromUserId: userIdField(),
  toUserId: userIdField(),
  offerPogId: pogIdField().nullable(),
  requestPogId: pogIdField().nullable(),
  status: z.enum(TRADE_STATUSES),
  cancelReason: z.string().nullable(),
  createdAt: z.string(),
  expiresAt: z.string(),
  decidedAt: z.string().nullable(),
  timeAgo: z.string(),
  fromUser: tradePartySchema,
  toUser: tradePartySchema,
  offerPog: pogSchema.nullable(),
  requestPog: pogSchema.nullable(),
  /** The trade this one counters, or null for a first offer. */
  counterOfId: tradeIdField().nullable(),
  /** The earlier offers of the negotiation, first offer first (empty for a first offer). */
  chain: z.array(tradeChainLinkSchema),
});
export type Trade = z.infer<typeof tradeSchema>;
