#!/usr/bin/env node
// Writes file.gz and file.br beside each compressible file of the built web app, so that nginx
// sends them as they are (gzip_static, brotli_static) instead of compressing on every request,
// and at the highest levels, which would be too slow to use on the fly.
// Usage: node infra/docker/precompress.mjs web/dist
import { readdirSync, readFileSync, statSync, utimesSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

const COMPRESSIBLE = new Set(['.html', '.js', '.mjs', '.css', '.json', '.svg', '.txt', '.xml', '.webmanifest', '.wasm']);
/** Smaller files gain nothing worth a second request path (nginx's gzip_min_length agrees). */
const MIN_BYTES = 1024;

export function precompress(dir) {
  const written = [];
  for (const entry of readdirSync(dir, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile() || !COMPRESSIBLE.has(path.extname(entry.name))) continue;
    const file = path.join(entry.parentPath, entry.name);
    const source = readFileSync(file);
    if (source.length < MIN_BYTES) continue;
    const variants = {
      '.gz': gzipSync(source, { level: 9 }),
      '.br': brotliCompressSync(source, {
        params: { [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY, [constants.BROTLI_PARAM_SIZE_HINT]: source.length },
      }),
    };
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
  const dir = process.argv[2];
  if (!dir) {
    console.error('Usage: node infra/docker/precompress.mjs <folder>');
    process.exit(2);
  }
  console.log(`precompressed ${precompress(dir).length} files in ${dir}`);
}
