#!/usr/bin/env node
// Rewrites the root package.json inside the app image's build stage (never in the checkout) so that
// `npm install --omit=dev` installs exactly what the server processes need:
//  - tsx runs the TypeScript sources in production, so it is kept as a runtime dependency even
//    though the repository lists it among the development tools;
//  - the web workspace is dropped: the browser bundle is built and served by the web image.
// Usage: node infra/docker/server-manifest.mjs [path/to/package.json]
import { readFileSync, writeFileSync } from 'node:fs';

const RUNTIME_TOOLS = ['tsx'];
const BROWSER_WORKSPACES = ['web'];

const file = process.argv[2] ?? 'package.json';
const manifest = JSON.parse(readFileSync(file, 'utf8'));
const dev = manifest.devDependencies ?? {};

for (const tool of RUNTIME_TOOLS) {
  const range = manifest.dependencies?.[tool] ?? dev[tool];
  if (!range) throw new Error(`${file}: ${tool} is needed at run time but is not listed in any dependencies`);
  manifest.dependencies = { ...manifest.dependencies, [tool]: range };
}
manifest.workspaces = (manifest.workspaces ?? []).filter((w) => !BROWSER_WORKSPACES.includes(w));
// Scripts and development tools are not used in the image; dropping them keeps the manifest honest.
delete manifest.devDependencies;
delete manifest.scripts;

writeFileSync(file, JSON.stringify(manifest, null, 2) + '\n');
