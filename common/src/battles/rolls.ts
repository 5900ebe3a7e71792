/**
 * Provably fair battle rolls (decisions.md, Battles; docs/rules.md, Battles). The published rule,
 * which this file implements exactly so that anyone can recompute a battle:
 *
 * - Server seed: 32 bytes from a cryptographic RNG, written as 64 lower-case hex characters; the
 *   commitment published at creation is the hex SHA-256 of those 32 bytes (not of the hex text).
 * - Players' seeds (rule 2): the challenger's, sent with the challenge, and the defender's, sent with
 *   the accept; 1 to 64 characters of A-Z a-z 0-9 - _ (no ':'), used as the text they are.
 * - Base roll for battle `id`, round `r` (1, 2, ...) and side `s` (challenger or defender): for
 *   k = 0, 1, 2, ... take d = HMAC-SHA256(key = the 32 bytes the server seed's hex decodes to,
 *   message = UTF-8 text) and x = the first 4 bytes of d as a big-endian unsigned integer; if
 *   x < 4294967200 the roll is 1 + (x mod 100), otherwise try the next k. (4294967200 is the largest
 *   multiple of 100 not above 2^32, so every roll is exactly equally likely.) The message is
 *     rule 2: "<challenger seed>:<defender seed>:<id>:<r>:<s>:<k>"
 *     rule 1: "<id>:<r>:<s>:<k>" (battles created before players contributed seeds).
 * - Total = base + the rarity bonus (none in a flip); equal totals replay the round as the next number.
 *   standard and flip: the first untied round decides. championship: first side to win two rounds.
 *
 * Only WebCrypto is used (globalThis.crypto) unless a caller passes its own HMAC (the server settles
 * battles with node:crypto's), so the same code runs in Node 20 and in the browser's verify page.
 */
import { BATTLE_BONUS, BATTLE_ROLL, type BattleType, type Rarity } from '../constants';
import {
  CLIENT_SEED_PATTERN,
  CLIENT_SEED_RULE,
  battleVerifyInputSchema,
  type BattleResolution,
  type BattleRollInput,
  type BattleRound,
  type BattleSide,
  type BattleVerifyResult,
} from './schemas';

const SEED_BYTES = 32;
const SEED_HEX = /^[0-9a-f]{64}$/;
const ROLL_RANGE = BATTLE_ROLL.max - BATTLE_ROLL.min + 1;
const UINT32_SPAN = 2 ** 32;

/** Draws at or above this are rejected, so that `x mod 100` carries no bias: 4294967200. */
export const ROLL_ACCEPT_BELOW = UINT32_SPAN - (UINT32_SPAN % ROLL_RANGE);

/** Rounds a championship needs to win. */
const CHAMPIONSHIP_WINS = 2;

/**
 * Safety nets against a runaway loop. A rejected draw has probability ~2.2e-8 and a tie ~1%, so
 * neither cap can be reached by a genuine seed; hitting one means something is badly wrong.
 */
export const MAX_DRAWS_PER_ROLL = 1000;
export const MAX_BATTLE_ROUNDS = 1000;

/** The bytes of a player's seed the browser draws by default: 16, written as 32 hex characters. */
const CLIENT_SEED_BYTES = 16;

/** Both players' seeds of a rule 2 battle. */
export interface ClientSeeds {
  challenger: string;
  defender: string;
}

/** One HMAC draw of a roll: its message, digest, the 32-bit number read from it and the roll it gives (null: rejected). */
export interface RollDraw {
  k: number;
  message: string;
  digestHex: string;
  x: number;
  roll: number | null;
}

/** Rolls derived from one seed; the HMAC key is imported once and reused for every draw. */
export interface SeedRoller {
  baseRoll(battleId: number, round: number, side: BattleSide): Promise<number>;
  /** Every draw of one roll in order, rejected ones first: the last one's roll is the base roll. */
  draws(battleId: number, round: number, side: BattleSide): Promise<RollDraw[]>;
}

/** A fresh secret seed for a new battle: 32 random bytes as lower-case hex. */
export function generateSeed(): string {
  return bytesToHex(globalThis.crypto.getRandomValues(new Uint8Array(SEED_BYTES)));
}

/** A player's seed as the browser proposes it (the player may write their own): 16 random bytes as hex. */
export function generateClientSeed(): string {
  return bytesToHex(globalThis.crypto.getRandomValues(new Uint8Array(CLIENT_SEED_BYTES)));
}

/**
 * The players' seeds a battle's rolls use: none under rule 1 (absent `rollVersion` means 1), both
 * under rule 2. Throws when the battle does not carry exactly what its rule needs.
 */
export function clientSeedsOf(input: Pick<BattleRollInput, 'rollVersion' | 'challengerSeed' | 'defenderSeed'>): ClientSeeds | null {
  const { challengerSeed, defenderSeed } = input;
  if ((input.rollVersion ?? 1) === 1) {
    if (challengerSeed || defenderSeed) throw new TypeError("A battle of rule 1 has no players' seeds.");
    return null;
  }
  if (!challengerSeed || !defenderSeed) throw new TypeError("A battle of rule 2 needs both players' seeds.");
  if (!CLIENT_SEED_PATTERN.test(challengerSeed) || !CLIENT_SEED_PATTERN.test(defenderSeed)) throw new TypeError(CLIENT_SEED_RULE);
  return { challenger: challengerSeed, defender: defenderSeed };
}

/** The UTF-8 text HMAC-signed for draw k: rule 2 with the players' seeds, rule 1 (null) without. */
export function rollMessage(clientSeeds: ClientSeeds | null, battleId: number, round: number, side: BattleSide, k: number): string {
  const draw = `${battleId}:${round}:${side}:${k}`;
  return clientSeeds ? `${clientSeeds.challenger}:${clientSeeds.defender}:${draw}` : draw;
}

/** The commitment published when a battle is created: hex SHA-256 of the 32 seed bytes (not of the hex text). */
export async function seedHashOf(seedHex: string): Promise<string> {
  const digest = await globalThis.crypto.subtle.digest('SHA-256', seedBytes(seedHex));
  return bytesToHex(new Uint8Array(digest));
}

/**
 * HMAC-SHA256 under one key, made once per seed: WebCrypto by default (browser and Node); a server
 * may pass a synchronous one (node:crypto's createHmac), which computes the same digests without a
 * trip to the thread pool per draw.
 */
export type HmacFactory = (key: Uint8Array<ArrayBuffer>) => Promise<(message: Uint8Array<ArrayBuffer>) => Uint8Array | Promise<Uint8Array>>;

export const webCryptoHmac: HmacFactory = async (keyBytes) => {
  const key = await globalThis.crypto.subtle.importKey('raw', keyBytes, { name: 'HMAC', hash: 'SHA-256' }, false, ['sign']);
  return async (message) => new Uint8Array(await globalThis.crypto.subtle.sign('HMAC', key, message));
};

/**
 * Imports the server seed (its 32 bytes) as an HMAC-SHA256 key once, for many draws; with the
 * players' seeds for a rule 2 battle, without (null) for rule 1.
 */
export async function seedRoller(seedHex: string, hmac: HmacFactory = webCryptoHmac, clientSeeds: ClientSeeds | null = null): Promise<SeedRoller> {
  const sign = await hmac(seedBytes(seedHex));
  const encoder = new TextEncoder();
  const check = (battleId: number, round: number) => {
    assertPositiveInteger(battleId, 'battleId');
    assertPositiveInteger(round, 'round');
  };
  const exhausted = (battleId: number, round: number, side: BattleSide) =>
    new Error(`No acceptable draw for battle ${battleId} round ${round} (${side}) in ${MAX_DRAWS_PER_ROLL} tries.`);

  return {
    async baseRoll(battleId, round, side) {
      check(battleId, round);
      for (let k = 0; k < MAX_DRAWS_PER_ROLL; k++) {
        const roll = rollFromDigest(await sign(encoder.encode(rollMessage(clientSeeds, battleId, round, side, k))));
        if (roll !== null) return roll;
      }
      throw exhausted(battleId, round, side);
    },
    async draws(battleId, round, side) {
      check(battleId, round);
      const draws: RollDraw[] = [];
      for (let k = 0; k < MAX_DRAWS_PER_ROLL; k++) {
        const message = rollMessage(clientSeeds, battleId, round, side, k);
        const digest = await sign(encoder.encode(message));
        const roll = rollFromDigest(digest);
        draws.push({ k, message, digestHex: bytesToHex(digest), x: new DataView(digest.buffer, digest.byteOffset, 4).getUint32(0, false), roll });
        if (roll !== null) return draws;
      }
      throw exhausted(battleId, round, side);
    },
  };
}

/** The roller of one battle: its server seed and, by its rule, its players' seeds. */
export function battleRoller(input: BattleRollInput, hmac: HmacFactory = webCryptoHmac): Promise<SeedRoller> {
  return seedRoller(input.seed, hmac, clientSeedsOf(input));
}

/** The base roll (1..100, before any bonus) of one side in one round of a battle. */
export async function baseRoll(seedHex: string, battleId: number, round: number, side: BattleSide): Promise<number> {
  return (await seedRoller(seedHex)).baseRoll(battleId, round, side);
}

/**
 * Maps one HMAC digest to a roll: the first 4 bytes as a big-endian unsigned integer x give
 * 1 + (x mod 100), or null when x is in the rejected tail and the next k must be tried.
 */
export function rollFromDigest(digest: Uint8Array): number | null {
  if (digest.length < 4) throw new RangeError('A digest needs at least 4 bytes.');
  const x = new DataView(digest.buffer, digest.byteOffset, 4).getUint32(0, false);
  if (x >= ROLL_ACCEPT_BELOW) return null;
  return BATTLE_ROLL.min + (x % ROLL_RANGE);
}

/** The bonus a POG of this rarity adds to each of its rolls in this kind of battle. */
export function battleBonus(battleType: BattleType, rarity: Rarity): number {
  return battleType === 'flip' ? 0 : BATTLE_BONUS[rarity];
}

/** Plays a battle out from its seeds: every round, the deciding totals and the winner. */
export async function resolveBattle(input: BattleRollInput, hmac: HmacFactory = webCryptoHmac): Promise<BattleResolution> {
  assertPositiveInteger(input.battleId, 'battleId');
  const roller = await battleRoller(input, hmac);
  return playOut(input, (round, side) => roller.baseRoll(input.battleId, round, side));
}

/** One base roll as drawn: its round, side and every HMAC draw it took. */
export interface TracedRoll {
  round: number;
  side: BattleSide;
  draws: RollDraw[];
}

/** A battle played out with every draw kept, so that a reader can follow each roll by hand. */
export interface BattleTrace {
  resolution: BattleResolution;
  /** In the order drawn: each round the challenger's roll, then the defender's. */
  rolls: TracedRoll[];
}

/** Like resolveBattle, keeping every message, digest and number read along the way. */
export async function traceBattle(input: BattleRollInput, hmac: HmacFactory = webCryptoHmac): Promise<BattleTrace> {
  assertPositiveInteger(input.battleId, 'battleId');
  const roller = await battleRoller(input, hmac);
  const rolls: TracedRoll[] = [];
  const resolution = await playOut(input, async (round, side) => {
    const draws = await roller.draws(input.battleId, round, side);
    rolls.push({ round, side, draws });
    return draws.at(-1)!.roll!;
  });
  return { resolution, rolls };
}

/** The rounds of a battle from its base rolls: bonuses, ties replayed, until a side has won enough. */
async function playOut(input: BattleRollInput, baseRollOf: (round: number, side: BattleSide) => Promise<number>): Promise<BattleResolution> {
  const { battleId, battleType } = input;
  const challengerBonus = battleBonus(battleType, input.challengerRarity);
  const defenderBonus = battleBonus(battleType, input.defenderRarity);
  const winsNeeded = battleType === 'championship' ? CHAMPIONSHIP_WINS : 1;
  const wins: Record<BattleSide, number> = { challenger: 0, defender: 0 };
  const rounds: BattleRound[] = [];

  for (let round = 1; round <= MAX_BATTLE_ROUNDS; round++) {
    const challengerBase = await baseRollOf(round, 'challenger');
    const defenderBase = await baseRollOf(round, 'defender');
    rounds.push({ round, challengerBase, challengerBonus, defenderBase, defenderBonus });

    const challengerRoll = challengerBase + challengerBonus;
    const defenderRoll = defenderBase + defenderBonus;
    if (challengerRoll === defenderRoll) continue; // a tie is replayed and counts for nobody

    const roundWinner: BattleSide = challengerRoll > defenderRoll ? 'challenger' : 'defender';
    wins[roundWinner] += 1;
    if (wins[roundWinner] === winsNeeded) {
      return { rounds, challengerRoll, defenderRoll, winner: roundWinner };
    }
  }
  throw new Error(`Battle ${battleId} was not decided within ${MAX_BATTLE_ROUNDS} rounds.`);
}

/**
 * Checks a published battle against its seed: that the seed matches the commitment made at creation,
 * and that every round, both deciding totals and the winner are what the seed produces. Never throws
 * on bad input; everything wrong is reported in `problems`.
 */
export async function verifyBattle(input: unknown): Promise<BattleVerifyResult> {
  const parsed = battleVerifyInputSchema.safeParse(input);
  if (!parsed.success) {
    return {
      ok: false,
      problems: parsed.error.issues.map((issue) => `${issue.path.join('.') || 'input'}: ${issue.message}`),
    };
  }
  const claimed = parsed.data;
  const problems: string[] = [];

  const actualHash = await seedHashOf(claimed.seed);
  if (actualHash !== claimed.seedHash) {
    problems.push(`The seed does not match the published seed hash: SHA-256 of the seed is ${actualHash}.`);
  }

  let expected: BattleResolution;
  try {
    expected = await resolveBattle(claimed);
  } catch (error) {
    problems.push(`The battle could not be recomputed: ${error instanceof Error ? error.message : String(error)}`);
    return { ok: false, problems };
  }

  problems.push(...compareRounds(claimed.rounds, expected.rounds));
  if (claimed.challengerRoll !== expected.challengerRoll) {
    problems.push(`The challenger's roll should be ${expected.challengerRoll}, not ${claimed.challengerRoll}.`);
  }
  if (claimed.defenderRoll !== expected.defenderRoll) {
    problems.push(`The defender's roll should be ${expected.defenderRoll}, not ${claimed.defenderRoll}.`);
  }
  if (claimed.winner !== expected.winner) {
    problems.push(`The winner should be the ${expected.winner}, not the ${claimed.winner}.`);
  }
  return { ok: problems.length === 0, problems };
}

const ROUND_FIELDS = ['round', 'challengerBase', 'challengerBonus', 'defenderBase', 'defenderBonus'] as const;

function compareRounds(claimed: BattleRound[], expected: BattleRound[]): string[] {
  const problems: string[] = [];
  if (claimed.length !== expected.length) {
    problems.push(`The battle should have ${expected.length} round(s), not ${claimed.length}.`);
  }
  const shared = Math.min(claimed.length, expected.length);
  for (let i = 0; i < shared; i++) {
    const got = claimed[i]!;
    const want = expected[i]!;
    for (const field of ROUND_FIELDS) {
      if (got[field] !== want[field]) {
        problems.push(`Round ${want.round}: ${field} should be ${want[field]}, not ${got[field]}.`);
      }
    }
  }
  return problems;
}

function seedBytes(seedHex: string): Uint8Array<ArrayBuffer> {
  if (!SEED_HEX.test(seedHex)) {
    throw new TypeError('A battle seed must be 64 lower-case hexadecimal characters (32 bytes).');
  }
  const bytes = new Uint8Array(SEED_BYTES);
  for (let i = 0; i < SEED_BYTES; i++) bytes[i] = Number.parseInt(seedHex.slice(2 * i, 2 * i + 2), 16);
  return bytes;
}

function bytesToHex(bytes: Uint8Array): string {
  return Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('');
}

/** Ids and round numbers go into the HMAC message as decimal text, so only plain positive integers are allowed. */
function assertPositiveInteger(value: number, name: string): void {
  if (!Number.isSafeInteger(value) || value < 1) {
    throw new RangeError(`${name} must be a positive integer, got ${value}.`);
  }
}
