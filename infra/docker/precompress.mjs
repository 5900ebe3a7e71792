#!/usr/bin/env node
// Writes file.gz and file.br beside each compressible file of the built web app, so that the server
// sends them as they are instead of compressing on every request, and at the highest levels, which
// would be too slow to use on the fly. The gateway (embedded mode) sends both; the web image's nginx
// has only gzip_static, so its build asks for .gz alone.
// Usage: node infra/docker/precompress.mjs web/dist [gz] [br]   (both when none is named)
import { readdirSync, readFileSync, statSync, utimesSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

const COMPRESSIBLE = new Set(['.html', '.js', '.mjs', '.css', '.json', '.svg', '.txt', '.xml', '.webmanifest', '.wasm']);
/** Smaller files gain nothing worth a second request path (nginx's gzip_min_length agrees). */
const MIN_BYTES = 1024;

const ENCODERS = {
  gz: (source) => gzipSync(source, { level: 9 }),
  br: (source) =>
    brotliCompressSync(source, {
      params: { [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY, [constants.BROTLI_PARAM_SIZE_HINT]: source.length },
    }),
};

export function precompress(dir, encodings = ['gz', 'br']) {
  for (const encoding of encodings) if (!ENCODERS[encoding]) throw new Error(`unknown encoding ${encoding} (gz or br)`);
  const written = [];
  for (const entry of readdirSync(dir, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile() || !COMPRESSIBLE.has(path.extname(entry.name))) continue;
    const file = path.join(entry.parentPath, entry.name);
    const source = readFileSync(file);
    if (source.length < MIN_BYTES) continue;
    const variants = Object.fromEntries(encodings.map((encoding) => [`.${encoding}`, ENCODERS[encoding](source)]));
    const { atime, mtime } = statSync(file);
    for (const [suffix, bytes] of Object.entries(variants)) {
      if (bytes.length >= source.length) continue;
      writeFileSync(file + suffix, bytes);
      // Same time as the original, so Last-Modified does not depend on the encoding served.
      utimesSync(file + suffix, atime, mtime);
      written.push(file + suffix);
    }
  }
  return written;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const [dir, ...encodings] = process.argv.slice(2);
  if (!dir || encodings.some((encoding) => !ENCODERS[encoding])) {
    console.error('Usage: node infra/docker/precompress.mjs <folder> [gz] [br]');
    process.exit(2);
  }
  console.log(`precompressed ${precompress(dir, encodings.length ? encodings : undefined).length} files in ${dir}`);
}
