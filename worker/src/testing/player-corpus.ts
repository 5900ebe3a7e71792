/**
 * Test support (not used by the app): the corpus of designs as players make them that the rarity
 * constants are tuned on (decisions.md, Rarity and points; docs/rules.md, Rarity). A generator with
 * a fixed seed, so the same 240 POGs, in the same order and by the same players, come out on every
 * machine; its pictures are drawn by player-pictures.ts and measured by the real upload pipeline.
 *
 * What the players make, with how often (KIND_WEIGHTS): the 8 templates kept as they are or with
 * other words (sometimes another font or text colour), the default design and the presets with a
 * word, one or two words on colours from the Studio's random button and on colours picked to go
 * together (analogous, complementary, triadic, one hue light to dark), photos and drawings on such
 * colours, plain pictures, re-uploads of pictures that go round, and copies of an earlier POG. The
 * words are the ones players write, the popular ones far more often (Zipf), so they repeat.
 */
import { oklchToHex, pick, pickWeighted, POG_DEFAULTS, POG_FONTS, POG_TEMPLATES, GRADIENT_PRESETS, randomHexColor, randomInt, seededRandom, type DesignLook } from '@pog/common';
import type { CorpusDesign, CorpusImage } from '../../../common/src/pogs/corpus';
import { drawing, photo, pixelArt, plainPicture, reupload } from './player-pictures';
import { processUpload } from '../images/process-image';

type Random = () => number;
type Weighted<T> = readonly (readonly [T, number])[];

export const PLAYER_CORPUS_SEED = 20250611;
export const PLAYER_CORPUS_SIZE = 240;
/** How many players make the corpus; some make many POGs, most a few. */
const PLAYERS = 70;

export const CORPUS_KINDS = [
  'unchanged-template',
  'copy',
  'template-words',
  'default-words',
  'preset-words',
  'random-colours',
  'harmonious-colours',
  'photo',
  'drawing',
  'plain-picture',
  'reupload',
] as const;
export type CorpusKind = (typeof CORPUS_KINDS)[number];

const KIND_WEIGHTS: Weighted<CorpusKind> = [
  ['unchanged-template', 5],
  ['copy', 3],
  ['template-words', 17],
  ['default-words', 6],
  ['preset-words', 5],
  ['random-colours', 16],
  ['harmonious-colours', 18],
  ['photo', 13],
  ['drawing', 11],
  ['plain-picture', 3],
  ['reupload', 3],
];

/** Words players put on POGs, the most popular first. */
export const PLAYER_WORDS = [
  'POG', 'DRAGON', 'FIRE', 'LOVE', 'COOL', 'STAR', 'KING', 'ROCKET', 'GG', 'EPIC',
  'TIGER', 'MOON', 'NINJA', 'GALAXY', 'WOLF', 'BOSS', 'LUCKY', 'SKULL', 'STORM', 'PIXEL',
  'LEGEND', 'SHARK', 'PANDA', 'PIZZA', 'GHOST', 'MAGIC', 'ROBOT', 'THUNDER', 'QUEEN', 'ACE',
  'NOVA', 'BLAZE', 'FROST', 'TURBO', 'VIBES', 'HYPE', 'COMET', 'VENOM', 'ANGEL', 'PEACE',
] as const;
const NAMES = ['MAYA', 'LEO', 'ZOE', 'KAI', 'SAM', 'NOAH', 'EMMA', 'JAX', 'LUNA', 'OMAR'];
const TAILS = ['RULES', 'FOREVER', 'SQUAD', 'CLUB', 'POWER', 'MODE', 'TIME'];

const WORD_WEIGHTS: Weighted<string> = PLAYER_WORDS.map((word, index) => [word, 1 / (index + 1)] as const);
const FONT_WEIGHTS: Weighted<string> = POG_FONTS.map((font) => [font, font === POG_DEFAULTS.fontFamily ? 9 : 1] as const);

const word = (random: Random) => pickWeighted(random, WORD_WEIGHTS);

/** One word, two, or a short phrase of the player's own. */
function words(random: Random, weights: Weighted<'one' | 'two' | 'phrase' | 'none'>): string {
  const kind = pickWeighted(random, weights);
  if (kind === 'none') return '';
  if (kind === 'one') return word(random);
  if (kind === 'two') return random() < 0.5 ? `${word(random)} ${word(random)}` : `${pick(random, NAMES)} ${random() < 0.5 ? word(random) : pick(random, TAILS)}`;
  return random() < 0.5 ? `${pick(random, NAMES)} ${randomInt(random, 1, 99)} ${word(random)} ${pick(random, TAILS)}` : `I LOVE ${word(random)} AND ${word(random)}`;
}

const WORDS_ON_COLOURS: Weighted<'one' | 'two' | 'phrase' | 'none'> = [['one', 0.6], ['two', 0.3], ['phrase', 0.06], ['none', 0.04]];
const WORDS_ON_PICTURES: Weighted<'one' | 'two' | 'phrase' | 'none'> = [['none', 0.35], ['one', 0.4], ['two', 0.2], ['phrase', 0.05]];

function textColour(random: Random, kept: string): string {
  const choice = random();
  return choice < 0.5 ? kept : choice < 0.7 ? '#000000' : choice < 0.8 ? '#FDE047' : randomHexColor(random);
}

/** Two colours a player picked to go together: a scheme around a hue, built in OKLCH. */
function harmoniousPair(random: Random): [string, string] {
  const h = random() * 360;
  const l = 0.45 + 0.3 * random();
  const c = 0.1 + 0.12 * random();
  const scheme = pickWeighted(random, [['analogous', 0.4], ['complementary', 0.2], ['triadic', 0.15], ['monochrome', 0.25]] as const);
  if (scheme === 'monochrome') return [oklchToHex({ l: Math.min(0.85, l + 0.1), c, h }), oklchToHex({ l: Math.max(0.25, l - 0.25), c, h: h + 4 * (random() - 0.5) })];
  const turn = scheme === 'analogous' ? 30 + 30 * random() : scheme === 'complementary' ? 170 + 20 * random() : 115 + 10 * random();
  return [oklchToHex({ l, c, h }), oklchToHex({ l: l + 0.15 * (random() - 0.5), c, h: h + (random() < 0.5 ? turn : -turn) })];
}

function colourPair(random: Random, choice: 'harmonious' | 'random' | 'template' | 'default'): [string, string] {
  if (choice === 'harmonious') return harmoniousPair(random);
  if (choice === 'random') return [randomHexColor(random), randomHexColor(random)];
  if (choice === 'default') return [POG_DEFAULTS.backgroundColor1, POG_DEFAULTS.backgroundColor2];
  const template = pick(random, POG_TEMPLATES);
  return [template.backgroundColor1, template.backgroundColor2];
}

/** A design of colours and words (no picture) of one of the colour kinds. */
function colourDesign(random: Random, kind: CorpusKind): DesignLook {
  if (kind === 'unchanged-template' || kind === 'template-words') {
    const template = pickWeighted(random, POG_TEMPLATES.map((t, i) => [t, 8 - i * 0.6] as const));
    const look: DesignLook = { ...template };
    if (kind === 'unchanged-template') return { backgroundColor1: look.backgroundColor1, backgroundColor2: look.backgroundColor2, textColor: look.textColor, textContent: look.textContent, fontFamily: look.fontFamily };
    return {
      backgroundColor1: template.backgroundColor1,
      backgroundColor2: template.backgroundColor2,
      textColor: random() < 0.2 ? textColour(random, template.textColor) : template.textColor,
      textContent: words(random, [['one', 0.65], ['two', 0.3], ['phrase', 0.05]]),
      fontFamily: random() < 0.25 ? pickWeighted(random, FONT_WEIGHTS) : template.fontFamily,
    };
  }
  const [backgroundColor1, backgroundColor2] =
    kind === 'default-words'
      ? colourPair(random, 'default')
      : kind === 'preset-words'
        ? (({ backgroundColor1: a, backgroundColor2: b }) => [a, b] as [string, string])(pick(random, GRADIENT_PRESETS))
        : colourPair(random, kind === 'random-colours' ? 'random' : 'harmonious');
  return {
    backgroundColor1,
    backgroundColor2,
    textColor: textColour(random, POG_DEFAULTS.textColor),
    textContent: words(random, WORDS_ON_COLOURS),
    fontFamily: pickWeighted(random, FONT_WEIGHTS),
  };
}

/** The colours and words around a picture. */
function pictureLook(random: Random): DesignLook {
  const colours = pickWeighted(random, [['harmonious', 0.45], ['template', 0.2], ['default', 0.2], ['random', 0.15]] as const);
  const [backgroundColor1, backgroundColor2] = colourPair(random, colours);
  return { backgroundColor1, backgroundColor2, textColor: textColour(random, POG_DEFAULTS.textColor), textContent: words(random, WORDS_ON_PICTURES), fontFamily: pickWeighted(random, FONT_WEIGHTS) };
}

export interface PlayerCorpusEntry {
  kind: CorpusKind;
  design: CorpusDesign;
  /** The uploaded picture's bytes, when it has one (an app test can upload them). */
  picture: Buffer | null;
}

/**
 * The corpus in the order the players make it. Pictures go through processUpload, as an upload does,
 * for the hash and detail the scorer reads.
 */
export async function playerCorpus(seed = PLAYER_CORPUS_SEED, size = PLAYER_CORPUS_SIZE): Promise<PlayerCorpusEntry[]> {
  const random = seededRandom(seed);
  const popular = await Promise.all([photo(random, 'close-up'), drawing(random), photo(random, 'landscape'), pixelArt(random)]);
  const entries: PlayerCorpusEntry[] = [];
  const measured = new Map<Buffer, CorpusImage>();
  const measure = async (bytes: Buffer): Promise<CorpusImage> => {
    const known = measured.get(bytes);
    if (known) return known;
    const { hash, detail } = await processUpload(bytes);
    measured.set(bytes, { hash, detail });
    return { hash, detail };
  };
  for (let i = 0; i < size; i += 1) {
    const creator = `player${Math.floor(PLAYERS * random() ** 1.6)}`;
    let kind = pickWeighted(random, KIND_WEIGHTS);
    if (kind === 'copy' && entries.length === 0) kind = 'unchanged-template';
    if (kind === 'copy') {
      const source = pick(random, entries);
      entries.push({ kind, design: { ...source.design, creator }, picture: source.picture });
      continue;
    }
    const picture = await pictureFor(random, kind, popular);
    const look = picture ? pictureLook(random) : colourDesign(random, kind);
    entries.push({ kind, design: { ...look, creator, image: picture ? await measure(picture) : null }, picture });
  }
  return entries;
}

function pictureFor(random: Random, kind: CorpusKind, popular: readonly Buffer[]): Promise<Buffer> | null {
  if (kind === 'photo') return photo(random);
  if (kind === 'drawing') return random() < 0.3 ? pixelArt(random) : drawing(random);
  if (kind === 'plain-picture') return plainPicture(random);
  if (kind === 'reupload') return reupload(random, pick(random, popular));
  return null;
}
