/**
 * Test support: a seeded population of other players' POGs, described as the scorer sees them, for
 * tests that need a game already under way (the farming search, the hand-made designs of
 * rarity.test.ts). It is no longer a distribution target: its copies and untouched templates (17 to
 * 19 %) made common too easy to reach; the corpus of designs as players make them, with real
 * pictures, is worker/src/testing/player-corpus.ts. Every share below is a modelling guess.
 *
 * A player either copies a POG they saw, or starts from a template (the popular ones far more
 * often; many keep it unchanged, the rest change a little), from the default design, from one of
 * the 3 background presets or from colours of their own; then writes nothing, a common word or
 * words of their own, keeps or changes the font and text colour, and sometimes adds a picture.
 * Pictures are described as the scorer sees them, by a perceptual hash and a detail figure: most
 * are originals, some are re-uploads of popular pictures (a few bits from each other), some are
 * edits of an earlier POG's picture, and flat pictures hash close to each other as real ones do.
 */
import type { CorpusDesign, CorpusImage } from './corpus';
import type { DesignLook } from './design-match';
import { rgbToHex, randomHexColor } from './color';
import { POG_DEFAULTS } from './defaults';
import { POG_FONTS } from './fonts';
import { pick, pickWeighted, randomInt, seededRandom } from './seeded-random';
import { GRADIENT_PRESETS, POG_TEMPLATES } from './templates';

type Random = () => number;
type Weighted<T> = readonly (readonly [T, number])[];

export const PLAYER_MODEL = {
  /** Share of POGs that copy an earlier POG exactly (picture included). */
  copyEarlier: 0.03,
  /** Where the other designs start. */
  start: [
    ['template', 0.35],
    ['default', 0.12],
    ['preset', 0.15],
    ['own', 0.38],
  ] as Weighted<'template' | 'default' | 'preset' | 'own'>,
  /** How popular each template is (relative), by id. */
  templatePopularity: {
    'purple-dream': 22,
    'neon-lights': 18,
    'blue-gradient': 16,
    sunset: 14,
    'retro-wave': 11,
    'minimalist-dark': 8,
    'retro-pixel': 6,
    'minimalist-white': 5,
  } as Record<string, number>,
  /** Share of template users who keep it exactly as it is. */
  templateUnchanged: 0.25,
  /** What a player who changes a template changes (each independently; at least one). */
  templateChange: { text: 0.75, font: 0.25, textColor: 0.2, oneColour: 0.25 },
  /** What a player writes: nothing, a common word, or words of their own. */
  text: [
    ['empty', 0.18],
    ['common', 0.47],
    ['own', 0.35],
  ] as Weighted<'empty' | 'common' | 'own'>,
  /** Starting from the default design, more players leave the text empty. */
  defaultText: [
    ['empty', 0.35],
    ['common', 0.4],
    ['own', 0.25],
  ] as Weighted<'empty' | 'common' | 'own'>,
  /** Share of players who keep the default font. */
  defaultFont: 0.5,
  /** The other fonts, by popularity (relative). */
  fontPopularity: {
    'Press Start 2P': 10,
    'Roboto Condensed': 8,
    'Bebas Neue': 8,
    'Luckiest Guy': 7,
    'Permanent Marker': 7,
    Orbitron: 6,
    Pacifico: 5,
    Anton: 5,
    Lobster: 4,
  } as Record<string, number>,
  textColour: [
    ['keep', 0.5],
    ['black', 0.18],
    ['yellow', 0.07],
    ['random', 0.25],
  ] as Weighted<'keep' | 'black' | 'yellow' | 'random'>,
  /** Own colours: half picked anywhere, half bright; some keep one default colour. */
  vividColour: 0.5,
  keepOneDefaultColour: 0.1,
  /** Share of (not unchanged) designs with a picture. */
  picture: 0.3,
  pictureKind: [
    ['photo', 0.4],
    ['drawing', 0.25],
    ['flat', 0.1],
    ['popular', 0.18],
    ['edit', 0.07],
  ] as Weighted<'photo' | 'drawing' | 'flat' | 'popular' | 'edit'>,
  /** Pictures that go round (memes): how many, each re-uploaded with this many bits changed. */
  popularPictures: 25,
  reuploadBits: { min: 0, max: 3 },
  /** An edited (cropped, filtered) picture lies this many bits from its source. */
  editBits: { min: 4, max: 14 },
  /** Flat pictures hash within this many bits of one of a few prototypes. */
  flatPrototypes: 4,
  flatBits: { min: 0, max: 8 },
} as const;

/** Common words, most popular first (Zipf: the n-th is 1/n as likely as the first). */
export const COMMON_WORDS = [
  'POG', 'GG', 'COOL', 'FIRE', 'EPIC', 'WIN', 'KING', 'LOL', 'HI', 'BOSS',
  'GOAT', 'ACE', 'NOOB', 'WOW', 'MEGA', 'PRO', 'STAR', 'HERO', 'LUCKY', 'BOOM',
  'ZAP', 'RAD', 'SLAMMER', 'LEGEND', 'NINJA', 'DRAGON', 'MAX', 'YES', 'TOP', 'ULTRA',
] as const;
const SYLLABLES = ['ka', 'zo', 'mi', 'ra', 'tek', 'lum', 'or', 'vex', 'po', 'qui', 'sha', 'dra', 'bo', 'nix', 'el', 'tor', 'fa', 'jin'];

const zipf = <T>(items: readonly T[]): Weighted<T> => items.map((item, index) => [item, 1 / (index + 1)] as const);
const COMMON_WORD_WEIGHTS = zipf(COMMON_WORDS);
const TEMPLATE_WEIGHTS: Weighted<(typeof POG_TEMPLATES)[number]> = POG_TEMPLATES.map((t) => [t, PLAYER_MODEL.templatePopularity[t.id] ?? 1] as const);
const FONT_WEIGHTS: Weighted<string> = POG_FONTS.filter((font) => font !== POG_DEFAULTS.fontFamily).map((font) => [font, PLAYER_MODEL.fontPopularity[font] ?? 1] as const);

function commonWord(random: Random): string {
  return pickWeighted(random, COMMON_WORD_WEIGHTS);
}

/** Words of a player's own: a made-up name, maybe with a number, or common words put together. */
function ownText(random: Random): string {
  const name = () => Array.from({ length: randomInt(random, 2, 3) }, () => pick(random, SYLLABLES)).join('').toUpperCase();
  const kind = random();
  if (kind < 0.4) return random() < 0.3 ? `${name()}${randomInt(random, 1, 99)}` : name();
  if (kind < 0.7) return `${commonWord(random)} ${commonWord(random)}`;
  return random() < 0.5 ? `${commonWord(random)} ${name()}` : `${name()} ${pick(random, ['RULES', 'FOREVER', 'IS BACK', 'CLUB', 'SQUAD'])}`;
}

function text(random: Random, choices: Weighted<'empty' | 'common' | 'own'>): string {
  const kind = pickWeighted(random, choices);
  return kind === 'empty' ? '' : kind === 'common' ? commonWord(random) : ownText(random);
}

function font(random: Random): string {
  return random() < PLAYER_MODEL.defaultFont ? POG_DEFAULTS.fontFamily : pickWeighted(random, FONT_WEIGHTS);
}

function textColour(random: Random, kept: string): string {
  const choice = pickWeighted(random, PLAYER_MODEL.textColour);
  return choice === 'keep' ? kept : choice === 'black' ? '#000000' : choice === 'yellow' ? '#FDE047' : randomHexColor(random);
}

/** A colour a player picks: anywhere in the picker, or a bright one. */
function ownColour(random: Random): string {
  if (random() >= PLAYER_MODEL.vividColour) return randomHexColor(random);
  const h = random() * 360;
  const s = 0.55 + 0.45 * random();
  const l = 0.3 + 0.35 * random();
  // HSL to RGB (CSS Color 4).
  const f = (n: number) => {
    const k = (n + h / 30) % 12;
    return 255 * (l - s * Math.min(l, 1 - l) * Math.max(-1, Math.min(k - 3, 9 - k, 1)));
  };
  return rgbToHex({ r: f(0), g: f(8), b: f(4) });
}

function randomHash(random: Random): string {
  return Array.from({ length: 4 }, () => randomInt(random, 0, 0xffff).toString(16).padStart(4, '0')).join('');
}

/** `hash` with `bits` distinct bits flipped. */
function flipBits(random: Random, hash: string, bits: number): string {
  let value = BigInt(`0x${hash}`);
  const flipped = new Set<number>();
  while (flipped.size < bits) flipped.add(randomInt(random, 0, 63));
  for (const bit of flipped) value ^= 1n << BigInt(bit);
  return value.toString(16).padStart(16, '0');
}

const clamp01 = (value: number) => Math.min(1, Math.max(0, value));

/** The designs of one population of players, in the order they are made. */
export function playerDesigns(seed: number, count: number): CorpusDesign[] {
  const random = seededRandom(seed);
  const model = PLAYER_MODEL;
  const popular: CorpusImage[] = Array.from({ length: model.popularPictures }, () => ({ hash: randomHash(random), detail: 0.2 + 0.7 * random() }));
  const flat = Array.from({ length: model.flatPrototypes }, () => flipBits(random, '0000000000000000', randomInt(random, 0, 12)));
  const designs: CorpusDesign[] = [];
  const pictures: CorpusImage[] = [];

  const picture = (): CorpusImage => {
    const kind = pickWeighted(random, model.pictureKind);
    if (kind === 'popular' || (kind === 'edit' && pictures.length > 0)) {
      const source = kind === 'popular' ? pickWeighted(random, zipf(popular)) : pick(random, pictures);
      const bits = kind === 'popular' ? model.reuploadBits : model.editBits;
      return { hash: flipBits(random, source.hash, randomInt(random, bits.min, bits.max)), detail: clamp01(source.detail + 0.04 * (random() - 0.5)) };
    }
    if (kind === 'flat') return { hash: flipBits(random, pick(random, flat), randomInt(random, model.flatBits.min, model.flatBits.max)), detail: 0.12 * random() };
    return { hash: randomHash(random), detail: kind === 'photo' ? 0.35 + 0.55 * random() : 0.1 + 0.4 * random() };
  };

  /** A template, kept as it is or changed a little. */
  const fromTemplate = (): CorpusDesign => {
    const template = pickWeighted(random, TEMPLATE_WEIGHTS);
    const look: DesignLook = {
      backgroundColor1: template.backgroundColor1,
      backgroundColor2: template.backgroundColor2,
      textColor: template.textColor,
      textContent: template.textContent,
      fontFamily: template.fontFamily,
    };
    if (random() < model.templateUnchanged) return { ...look, image: null };
    const change = model.templateChange;
    const changed = { ...look };
    const changeText = random() < change.text;
    if (random() < change.font) changed.fontFamily = font(random);
    if (random() < change.textColor) changed.textColor = textColour(random, look.textColor);
    if (random() < change.oneColour) changed[random() < 0.5 ? 'backgroundColor1' : 'backgroundColor2'] = ownColour(random);
    const image = random() < model.picture ? picture() : null;
    // A player who changes a template changes something: the text if nothing else.
    if (changeText || (!image && JSON.stringify(changed) === JSON.stringify(look))) changed.textContent = text(random, [['common', 0.55], ['own', 0.45]]);
    return { ...changed, image };
  };

  const design = (): CorpusDesign => {
    const start = pickWeighted(random, model.start);
    if (start === 'template') return fromTemplate();
    const [backgroundColor1, backgroundColor2] =
      start === 'default'
        ? [POG_DEFAULTS.backgroundColor1, POG_DEFAULTS.backgroundColor2]
        : start === 'preset'
          ? (({ backgroundColor1: a, backgroundColor2: b }) => [a, b])(pick(random, GRADIENT_PRESETS))
          : random() < model.keepOneDefaultColour
            ? [POG_DEFAULTS.backgroundColor1, ownColour(random)]
            : [ownColour(random), ownColour(random)];
    return {
      backgroundColor1,
      backgroundColor2,
      textContent: text(random, start === 'default' ? model.defaultText : model.text),
      fontFamily: font(random),
      textColor: start === 'default' && random() < 0.6 ? POG_DEFAULTS.textColor : textColour(random, POG_DEFAULTS.textColor),
      image: random() < model.picture ? picture() : null,
    };
  };

  for (let i = 0; i < count; i += 1) {
    const next = designs.length > 0 && random() < model.copyEarlier ? { ...pick(random, designs) } : design();
    designs.push(next);
    if (next.image) pictures.push(next.image);
  }
  return designs;
}
