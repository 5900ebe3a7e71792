/**
 * The Verify button: recomputes a completed battle in the browser from its revealed seed (and, under
 * rule 2, both players' seeds) with the published rule (common's verifyBattle, plain WebCrypto),
 * trusting nothing the server concluded.
 */
import { verifyBattle, type Battle, type BattleVerifyResult } from '@pog/common';

export function verifyInBrowser(battle: Battle): Promise<BattleVerifyResult> {
  if (battle.status !== 'completed' || battle.seed === null) {
    return Promise.resolve({ ok: false, problems: ['Only a completed battle can be verified: its seed is revealed at the end.'] });
  }
  return verifyBattle({
    seed: battle.seed,
    rollVersion: battle.rollVersion,
    challengerSeed: battle.challengerSeed,
    defenderSeed: battle.defenderSeed,
    seedHash: battle.seedHash,
    battleId: battle.id,
    battleType: battle.battleType,
    challengerRarity: battle.challengerRarity,
    defenderRarity: battle.defenderRarity,
    rounds: battle.rounds,
    challengerRoll: battle.challengerRoll,
    defenderRoll: battle.defenderRoll,
    winner: battle.winnerId === battle.challengerId ? 'challenger' : 'defender',
  });
}
