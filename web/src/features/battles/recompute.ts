/**
 * The verify page's work, done in the browser with WebCrypto (common's published rule): every draw of
 * every roll from a completed battle's revealed values, the SHA-256 of the server seed against its
 * commitment, and the verdict against what the server recorded.
 */
import { seedHashOf, traceBattle, verifyBattle, type BattleReveal, type BattleRollInput, type BattleTrace, type BattleVerifyResult } from '@pog/common';

export interface Recomputed {
  /** SHA-256 of the 32 bytes of the server seed, or null when the seed is not 64 hex characters. */
  computedHash: string | null;
  /** Every draw, or null when the revealed values cannot be played out (the verdict says why). */
  trace: BattleTrace | null;
  verdict: BattleVerifyResult;
}

export function rollInputOf(reveal: BattleReveal): BattleRollInput {
  return {
    seed: reveal.seed,
    battleId: reveal.id,
    battleType: reveal.battleType,
    challengerRarity: reveal.challengerRarity,
    defenderRarity: reveal.defenderRarity,
    rollVersion: reveal.rollVersion,
    challengerSeed: reveal.challengerSeed,
    defenderSeed: reveal.defenderSeed,
  };
}

export async function recompute(reveal: BattleReveal): Promise<Recomputed> {
  const input = rollInputOf(reveal);
  const verdict = await verifyBattle({
    ...input,
    seedHash: reveal.seedHash,
    rounds: reveal.rounds,
    challengerRoll: reveal.challengerRoll,
    defenderRoll: reveal.defenderRoll,
    winner: reveal.winner,
  });
  const computedHash = await seedHashOf(reveal.seed).catch(() => null);
  const trace = await traceBattle(input).catch(() => null);
  return { computedHash, trace, verdict };
}
