/**
 * The app's entry (`server/src/main.ts` and every workspace module it loads) bundled once per test
 * run with esbuild, so that the app processes the tests start load plain JavaScript instead of
 * running tsx's loader over some 300 TypeScript files each time: a start costs about 3 CPU-seconds
 * instead of 5-6. The code is the same (tsx transpiles with the same esbuild); packages stay outside
 * the bundle and load from node_modules as before. `import.meta.url` keeps naming each source file,
 * so the migrations folder and the PGlite thread's script are found where they are. Services load
 * lazily as before (one chunk per dynamic import).
 *
 * The global setup builds it and hands its path to the test workers (`provide`); `appEntry()` in
 * ./processes is the command a test starts the app with. Tests that are about how the entry loads (lazy-services) or that
 * start another script keep passing their own command.
 */
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { build, type Plugin } from 'esbuild';

declare module 'vitest' {
  export interface ProvidedContext {
    /** Absolute path of the bundled app entry, or '' when the tests start it through tsx. */
    appBundle: string;
  }
}

const REPO_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
const SOURCE_ENTRY = 'server/src/main.ts';
/** The browser tests' entry (the same process, plus test-data factories over IPC), bundled beside it as e2e-entry.js. */
const E2E_ENTRY = 'server/src/testing/e2e-entry.ts';
/** Bundles older than this are removed when a new one is made (a run still using one is long over). */
const STALE_MS = 6 * 60 * 60 * 1000;

/** Packages (anything not relative and not a workspace package) load from node_modules at run time. */
const keepPackagesOutside: Plugin = {
  name: 'packages-outside',
  setup(build) {
    build.onResolve({ filter: /^[^./]/ }, (args) => (args.path.startsWith('@pog/') ? undefined : { path: args.path, external: true }));
  },
};

/** Each source file keeps its own `import.meta.url`, as when it is loaded one file at a time. */
const keepModuleUrls: Plugin = {
  name: 'module-urls',
  setup(build) {
    build.onLoad({ filter: /\.[cm]?tsx?$/ }, async (args) => {
      if (args.path.includes(`${path.sep}node_modules${path.sep}`)) return undefined;
      const source = await readFile(args.path, 'utf8');
      return {
        contents: source.replaceAll('import.meta.url', JSON.stringify(pathToFileURL(args.path).href)),
        loader: args.path.endsWith('x') ? 'tsx' : 'ts',
      };
    });
  },
};

/**
 * Builds the bundle into `.test-data/app-<hash of its content>/` (kept if it is already there, so two
 * test processes building at once agree) and returns the path of its entry, `main.js` (the browser
 * tests' `e2e-entry.js` is beside it).
 */
export async function buildAppBundle(): Promise<string> {
  const result = await build({
    absWorkingDir: REPO_ROOT,
    entryPoints: [SOURCE_ENTRY, E2E_ENTRY],
    bundle: true,
    splitting: true,
    // Both entries at the top of the folder, beside their chunks (their sources sit in different folders).
    entryNames: '[name]',
    platform: 'node',
    format: 'esm',
    target: 'node20',
    outdir: path.join(REPO_ROOT, '.test-data', 'app-staging'),
    sourcemap: 'linked',
    write: false,
    logLevel: 'warning',
    plugins: [keepPackagesOutside, keepModuleUrls],
  });
  const hash = createHash('sha256');
  for (const file of result.outputFiles) hash.update(`\0${path.basename(file.path)}\0`).update(file.contents);
  const root = path.join(REPO_ROOT, '.test-data', `app-${hash.digest('hex').slice(0, 16)}`);
  const entry = path.join(root, 'main.js');
  if (existsSync(entry)) return entry;

  const staging = `${root}.building-${process.pid}`;
  rmSync(staging, { recursive: true, force: true });
  mkdirSync(staging, { recursive: true });
  for (const file of result.outputFiles) writeFileSync(path.join(staging, path.basename(file.path)), file.contents);
  try {
    renameSync(staging, root);
  } catch (error) {
    // Another test process wrote the same bundle first.
    rmSync(staging, { recursive: true, force: true });
    if (!existsSync(entry)) throw error;
  }
  removeStaleBundles(root);
  return entry;
}

function removeStaleBundles(keep: string): void {
  const dir = path.dirname(keep);
  for (const name of readdirSync(dir)) {
    const full = path.join(dir, name);
    if (!name.startsWith('app-') || full === keep) continue;
    if (Date.now() - statSync(full).mtimeMs > STALE_MS) rmSync(full, { recursive: true, force: true });
  }
}
