// Module hooks (run in Node's hooks thread; registered by ../main.ts under tsx): the installed
// packages' ES modules are read as they are, without passing through tsx's loader.
//
// They are plain JavaScript with nothing for tsx to compile, but tsx rewrites every dynamic `import(`
// of a module it loads and builds a fine-grained source map of the result (magic-string): for
// PGlite's 375 KB one-line chunk that cost its hooks thread about 40 MB of resident memory, which
// that idle thread kept, and over the app's few hundred package modules (zod's and Drizzle's the most)
// about a tenth of a start's CPU. The packages' CommonJS files and our own TypeScript go on to tsx.
import { readFile } from 'node:fs/promises';

/**
 * Whether `url` is an ES module of an installed package: under node_modules, and found to be one when
 * it was resolved (`format`: a .js file of a package of "type": "module") or named so (.mjs).
 * @param {string} url
 * @param {string | null | undefined} format
 */
export function isPrebuilt(url, format) {
  return url.startsWith('file:') && url.includes('/node_modules/') && (format === 'module' || url.endsWith('.mjs'));
}

/**
 * @param {string} url
 * @param {{ format?: string | null }} context
 * @param {(url: string, context: unknown) => Promise<unknown>} nextLoad
 */
export async function load(url, context, nextLoad) {
  if (!isPrebuilt(url, context.format)) return nextLoad(url, context);
  return { format: 'module', source: await readFile(new URL(url), 'utf8'), shortCircuit: true };
}
