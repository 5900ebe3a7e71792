/**
 * The moderation blocklist: a POG whose text matches is flagged for an admin (decisions.md,
 * Moderation), never refused outright, so a rare false positive costs a review, not a player's work.
 *
 * Matching survives the usual disguises (case, accents, separators such as "f.u.c.k" or "f u c k",
 * leetspeak such as "sh1t" or "a$$", stretched letters such as "fuuuck") while leaving innocent words
 * alone ("class", "assess", "Scunthorpe", "cocktail"). Two kinds of entries:
 * - `anywhere`: the stem is offensive wherever it appears inside a word ("motherfucker");
 * - `word`: the stem only counts as a whole word, optionally with one of the listed endings
 *   ("asshole", "dicks"), because it hides inside innocent words.
 */
interface BlockEntry {
  stem: string;
  match: 'anywhere' | 'word';
  /** Endings that still make the word offensive (for `word` entries). */
  endings?: readonly string[];
}

const PLURAL = ['s', 'es'] as const;
const GLUED_ENDINGS = ['s', 'es', 'ed', 'er', 'ers', 'ing', 'y'] as const;

const BLOCKLIST: readonly BlockEntry[] = [
  { stem: 'fuck', match: 'anywhere' },
  { stem: 'shit', match: 'anywhere' },
  { stem: 'bitch', match: 'anywhere' },
  { stem: 'nigger', match: 'anywhere' },
  { stem: 'nigga', match: 'anywhere' },
  { stem: 'faggot', match: 'anywhere' },
  { stem: 'wank', match: 'anywhere' },
  { stem: 'whore', match: 'anywhere' },
  { stem: 'slut', match: 'anywhere' },
  { stem: 'cunt', match: 'word', endings: [...PLURAL, 'y'] },
  { stem: 'ass', match: 'word', endings: ['es', 'hole', 'holes', 'hat', 'hats', 'wipe'] },
  { stem: 'dick', match: 'word', endings: [...PLURAL, 'head', 'heads'] },
  { stem: 'cock', match: 'word', endings: [...PLURAL, 'sucker', 'suckers'] },
  { stem: 'pussy', match: 'word', endings: [] },
  { stem: 'pussies', match: 'word', endings: [] },
  { stem: 'bastard', match: 'word', endings: PLURAL },
  { stem: 'twat', match: 'word', endings: PLURAL },
  { stem: 'piss', match: 'word', endings: ['ed', 'es', 'er', 'ing'] },
  { stem: 'fag', match: 'word', endings: PLURAL },
  { stem: 'retard', match: 'word', endings: [...PLURAL, 'ed'] },
  { stem: 'spic', match: 'word', endings: PLURAL },
  { stem: 'kike', match: 'word', endings: PLURAL },
  { stem: 'tranny', match: 'word', endings: [] },
];

/** Innocent words that contain an `anywhere` stem. */
const INNOCENT_WORDS = new Set(['snigger', 'sniggers', 'sniggered', 'sniggering', 'shiitake', 'shitake', 'mishit', 'mishits']);

/** Characters commonly typed in place of letters. */
const LEET: Readonly<Record<string, string>> = {
  '0': 'o',
  '1': 'i',
  '3': 'e',
  '4': 'a',
  '5': 's',
  '7': 't',
  '@': 'a',
  $: 's',
  '!': 'i',
};

/** "ass" → /a+s+s+/: each letter may be stretched ("fuuuck") but not dropped ("as" is not "ass").
 * Endings stay literal, or "assess" would read as "ass" + a stretched "es". */
function stretchable(stem: string): string {
  return [...stem].map((letter) => `${letter}+`).join('');
}

const COMPILED = BLOCKLIST.map((entry) => {
  const core = stretchable(entry.stem);
  const endings = entry.endings ?? [];
  const tail = endings.length > 0 ? `(?:${endings.join('|')})?` : '';
  return {
    entry,
    pattern: entry.match === 'anywhere' ? new RegExp(core) : new RegExp(`^${core}${tail}$`),
    /** The whole of a glued-together fragment must be the stem, plus at most a plain ending. */
    exact: new RegExp(`^${core}(?:${GLUED_ENDINGS.join('|')})?$`),
  };
});

/** Lower-case letters only, accents removed, leetspeak translated; everything else separates words. */
function words(text: string): string[] {
  const plain = text
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[013457@$!]/g, (ch) => LEET[ch] ?? ch);
  return plain.split(/[^a-z]+/).filter((word) => word.length > 0);
}

/**
 * The words to test: the words themselves, plus letters spelled out one at a time joined back
 * together ("f u c k", "f.u.c.k" → "fuck").
 */
function candidates(text: string): string[] {
  const list = words(text);
  const result = [...list];
  let run = '';
  for (const word of [...list, '']) {
    if (word.length === 1) {
      run += word;
      continue;
    }
    if (run.length > 1) result.push(run);
    run = '';
  }
  return result;
}

/** The blocklist entry this word matches, if any. */
function entryOf(word: string): BlockEntry | undefined {
  if (INNOCENT_WORDS.has(word)) return undefined;
  return COMPILED.find(({ pattern }) => pattern.test(word))?.entry;
}

/**
 * The blocked word the text contains (the blocklist's own spelling of it, e.g. "shit" for "Sh1t
 * happens"), or null; see the file comment for what counts. The moderators read it as the reason of
 * the flag.
 */
export function blockedWord(text: string): string | null {
  const list = candidates(text);
  for (const word of list) {
    const entry = entryOf(word);
    if (entry) return entry.stem;
  }
  // A word split in an odd place ("fu ck", "sh-it"): glue two or three neighbouring words and
  // require the result to BE an `anywhere` stem. A substring test here would flag "this hit" or
  // "who reads".
  for (let start = 0; start < list.length; start += 1) {
    for (let size = 2; size <= 3 && start + size <= list.length; size += 1) {
      const glued = list.slice(start, start + size).join('');
      const found = COMPILED.find(({ entry, exact }) => entry.match === 'anywhere' && exact.test(glued));
      if (found) return found.entry.stem;
    }
  }
  return null;
}

/** True when the text contains a blocklisted word (see the file comment for what counts). */
export function matchesBlocklist(text: string): boolean {
  return blockedWord(text) !== null;
}
