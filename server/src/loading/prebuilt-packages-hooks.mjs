// Module hooks (run in Node's hooks thread; registered by ../main.ts under tsx): the ES modules of
// the packages named here are read as they are, without passing through tsx's loader.
//
// tsx rewrites every dynamic `import(` of an ES module it loads, node_modules included, and builds a
// fine-grained source map of the result (magic-string); for PGlite's 375 KB one-line chunk that costs
// its hooks thread about 40 MB of resident memory, which that idle thread keeps. PGlite's
// files are plain ES modules whose dynamic imports name Node's own modules only: nothing for tsx to do.
import { readFile } from 'node:fs/promises';

/** ES module files of these package folders are loaded as they are (their dist holds only ES modules). */
const PREBUILT = ['/node_modules/@electric-sql/pglite/dist/'];

/** @param {string} url */
export function isPrebuilt(url) {
  return url.startsWith('file:') && url.endsWith('.js') && PREBUILT.some((folder) => url.includes(folder));
}

/**
 * @param {string} url
 * @param {{ format?: string | null }} context
 * @param {(url: string, context: unknown) => Promise<unknown>} nextLoad
 */
export async function load(url, context, nextLoad) {
  if (!isPrebuilt(url)) return nextLoad(url, context);
  return { format: 'module', source: await readFile(new URL(url), 'utf8'), shortCircuit: true };
}
