/**
 * When two designs are the same (decisions.md, Rarity and points: "A copy of an existing design, or
 * an unchanged template, scores common"). Pure, so the server's scorer, the corpora that tune the
 * rarity curves and the tests all decide it alike.
 */
import { POG_DEFAULTS } from './defaults';
import { POG_TEMPLATES } from './templates';

/** What a POG looks like, apart from its picture (name, owner and image fit aside). */
export interface DesignLook {
  backgroundColor1: string;
  backgroundColor2: string;
  textColor: string;
  textContent: string;
  fontFamily: string;
}

/** The key of a POG's text for counting and comparing: case, accents, spacing and punctuation ignored. */
export function designTextKey(text: string): string {
  return text
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, '');
}

/**
 * Equal for two designs exactly when they look the same: the same colours (in order, any case),
 * font and text as designTextKey reads it. "pog!" for "POG" is no new design.
 */
export function designLookKey(design: DesignLook): string {
  return [design.backgroundColor1.toUpperCase(), design.backgroundColor2.toUpperCase(), design.textColor.toUpperCase(), design.fontFamily, designTextKey(design.textContent)].join('|');
}

/**
 * The designs the Creator Studio hands out: the 8 templates and the design a new POG starts from.
 * (The 3 gradient presets set only the background, so no finished design is theirs.)
 */
const STARTING_DESIGNS: ReadonlyMap<string, string> = new Map([
  ...POG_TEMPLATES.map((template) => [designLookKey(template), template.name] as const),
  [designLookKey(POG_DEFAULTS), 'the default design'],
]);

/**
 * The name of the template (or "the default design") a POG is an unchanged copy of, else null. A
 * picture is a change: a template has none.
 */
export function unchangedStartingDesign(design: DesignLook, hasImage: boolean): string | null {
  return hasImage ? null : (STARTING_DESIGNS.get(designLookKey(design)) ?? null);
}
