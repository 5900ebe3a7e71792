/**
 * How a battle's rolls are made, in words (docs/rules.md, Battles; common/src/battles/rolls.ts is
 * the rule in code). The Details dialog and the verify page say it with these same sentences, so
 * what a player reads is exactly what the code does.
 */
import { asBattleId, MAX_ID, type BattleId, type RollVersion } from '@pog/common';

/** The HMAC key, stated exactly: the bytes the hex decodes to, never the hex text itself. */
export const KEY_ENCODING =
  'HMAC key: the server seed decoded from its 64 hexadecimal characters to 32 bytes (not the 64-character text).';

/** The UTF-8 text signed for draw k of a roll, by the battle's rule. */
export function messageFormat(version: RollVersion): string {
  return version === 2 ? '<challenger seed>:<defender seed>:<battle id>:<round>:<side>:<k>' : '<battle id>:<round>:<side>:<k>';
}

/** The rule in one sentence, as the Details dialog shows it. */
export function ruleSentence(version: RollVersion): string {
  return (
    `Each base roll is HMAC-SHA256 of the UTF-8 text "${messageFormat(version)}" (side: challenger or defender; k = 0, 1, ...), ` +
    'keyed with the 32 bytes the 64 hexadecimal characters of the server seed decode to (not the text): ' +
    'the first 4 bytes as a big-endian number x give 1 + (x mod 100) if x is below 4294967200, otherwise the next k is tried. ' +
    'The rarity bonus is added to the base roll (none in a coin flip).'
  );
}

/** What the rule number means, for a reader. */
export function ruleName(version: RollVersion): string {
  return version === 2 ? "Rule 2: the server seed and both players' seeds" : "Rule 1: the server seed alone (a battle from before players gave seeds)";
}

/** The public page that recomputes a completed battle in the browser. */
export const verifyPath = (battleId: number) => `/battle/${battleId}/verify`;

/** The battle id of the verify page's address, or null when it is not a whole number the API could know. */
export function battleIdFromParam(param: string | undefined): BattleId | null {
  if (param === undefined || !/^[1-9]\d{0,15}$/.test(param)) return null;
  const id = Number(param);
  return id <= MAX_ID ? asBattleId(id) : null;
}
