/**
 * Where a notification or a toast points: the exact trade, battle or POG in the web app, not only
 * its section. The Trade Center opens `?trade=` on the right tab with that trade's card in view, the
 * Battle Arena `?battle=` on that battle's record, and `/pog/:id` is the POG's page.
 */
import type { BattleId, PogId, TradeId } from '../schemas/ids';

/** What a trade's link is before its id (a statement that stores a new trade's notice writes it with the id). */
export const TRADE_LINK_PREFIX = '/trade?trade=';
export const tradeLink = (tradeId: TradeId): string => `${TRADE_LINK_PREFIX}${tradeId}`;
/** What a battle's link is before its id (as TRADE_LINK_PREFIX, for a new challenge's notice). */
export const BATTLE_LINK_PREFIX = '/battle?battle=';
export const battleLink = (battleId: BattleId): string => `${BATTLE_LINK_PREFIX}${battleId}`;
export const pogLink = (pogId: PogId): string => `/pog/${pogId}`;
