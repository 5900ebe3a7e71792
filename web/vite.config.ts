import type { CodeSplittingOptions } from 'rolldown';
import { defineConfig, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/** The gateway that serves /api, /uploads and /socket.io while `vite` runs in development. */
const GATEWAY = process.env.GATEWAY_URL ?? 'http://localhost:3000';

/**
 * zod builds faster parsers with `new Function` and, the first time a schema is made, probes
 * whether eval is allowed. Our Content-Security-Policy forbids eval, and the browser reports the
 * probe as a violation even though zod catches it. zod's interpreter is enough for the browser:
 * its global config (shared on globalThis by design) says so before zod's own first line runs,
 * since schemas are built at module load, earlier than any app code could call `z.config`.
 */
function zodWithoutEval(): Plugin {
  return {
    name: 'pog:zod-without-eval',
    transform(code, id) {
      if (!/[\\/]node_modules[\\/]zod[\\/]v4[\\/]core[\\/]core\.js$/.test(id)) return null;
      return { code: `(globalThis.__zod_globalConfig ??= {}).jitless = true;\n${code}`, map: null };
    },
  };
}

/**
 * Preloads the brand's display font (declared in app/GlobalStyle.ts): its request starts with the
 * page's scripts instead of after them, so headings are first drawn in it and nothing shifts when
 * it arrives.
 */
function preloadDisplayFont(): Plugin {
  return {
    name: 'pog:preload-display-font',
    transformIndexHtml: {
      order: 'post',
      handler(_html, ctx) {
        const font = Object.values(ctx.bundle ?? {}).find((file) => /bangers-latin-400-normal-[\w-]+\.woff2$/.test(file.fileName));
        if (!font) return [];
        return [{ tag: 'link', attrs: { rel: 'preload', href: `/${font.fileName}`, as: 'font', type: 'font/woff2', crossorigin: '' }, injectTo: 'head' }];
      },
    },
  };
}

/**
 * What a first screen asks for before the app's code has run:
 * - every page loads the first requests' script (src/firstRequests.ts, an entry of its own) by a
 *   module script just before the app's. It imports nothing, so it runs as soon as it arrives
 *   instead of after the app's libraries and code have downloaded, as the app's entry does (module
 *   scripts run in the page's order; the session's preload stays ahead of both). The app imports it
 *   too (the page size), from the same file.
 * - /explore, where most visits start, has a page of its own, explore.html (index.html with the
 *   Explore screen's code preloaded too), which the gateway and nginx answer that address with.
 */
const FIRST_REQUESTS = 'first-requests';

function firstScreenRequests(): Plugin {
  return {
    name: 'pog:first-screen-requests',
    apply: 'build',
    enforce: 'post',
    transformIndexHtml: {
      order: 'post',
      handler(html, ctx) {
        const script = Object.values(ctx.bundle ?? {}).find((file) => file.type === 'chunk' && file.isEntry && file.name === FIRST_REQUESTS);
        const appScript = html.indexOf('<script type="module"');
        if (!script || appScript < 0) throw new Error(`The page has no app script or the build no ${FIRST_REQUESTS} entry`);
        return `${html.slice(0, appScript)}<script type="module" crossorigin src="/${script.fileName}"></script>\n    ${html.slice(appScript)}`;
      },
    },
    generateBundle: {
      // After Vite has written index.html into the bundle.
      order: 'post',
      handler(_options, bundle) {
        const index = bundle['index.html'];
        const explore = Object.values(bundle).find((file) => file.type === 'chunk' && file.name === 'explore');
        if (index?.type !== 'asset' || !explore) throw new Error('The build has no index.html or no explore chunk');
        const preload = `<link rel="modulepreload" crossorigin href="/${explore.fileName}">\n`;
        this.emitFile({ type: 'asset', fileName: 'explore.html', source: String(index.source).replace('  </head>', `    ${preload}  </head>`) });
      },
    },
  };
}

/**
 * Marks the chunks every first screen runs (the entry, `vendor`, `shell` and `explore`, below) for
 * eager compilation with V8's explicit compile hint, a comment on their first line. Left lazy, each
 * function is compiled on the main thread the first time it is called, and most of these chunks'
 * functions are called while the first screen is drawn: on a phone that compiling held the first
 * paint back and made long tasks. Marked, V8 compiles them on a background thread while they
 * download. Other browsers read a comment. Added once the chunks are final, so no minifier drops it.
 */
const STARTUP_CHUNKS = new Set(['vendor', 'shell', 'explore']);
const COMPILE_HINT = '//# allFunctionsCalledOnLoad\n';

function compileStartupChunksEagerly(): Plugin {
  return {
    name: 'pog:compile-startup-chunks-eagerly',
    apply: 'build',
    enforce: 'post',
    generateBundle: {
      // After Vite's own post-processing, which puts code of its own at the top of some chunks.
      order: 'post',
      handler(_options, bundle) {
        for (const file of Object.values(bundle)) {
          if (file.type === 'chunk' && ((file.isEntry && file.name !== FIRST_REQUESTS) || STARTUP_CHUNKS.has(file.name))) file.code = COMPILE_HINT + file.code;
        }
      },
    },
  };
}

/**
 * How the production bundle is cut into files. Rolldown's automatic splitting makes one chunk per
 * set of importers, which for this app meant about 30 files of a few hundred bytes to a few KB
 * before Explore could draw its first card. A phone on HTTP/1.1 asks for at most 6 at a time, so
 * each extra wave of requests costs a round trip (about 150 ms on slow 4G) before the first paint.
 * So, on top of the automatic chunks:
 *
 * - `vendor`: the libraries every screen runs on (React, the router, react-query, styled-components,
 *   zustand), loaded with the entry.
 * - `shell`: the app's own code that the entry runs (layout, session, API client) and that both
 *   first screens use (tabs, page titles), with the rules and constants of @pog/common that any
 *   screen uses and that need no zod (what does need zod keeps its own chunks: a screen that never
 *   validates, like Explore or the sign-in page, must not download and build every schema).
 *   Loaded with the entry, so screens find it there.
 * - `explore`: the code of the Explore screen (/explore, where most visits start) and what it shows
 *   (cards, discs, grid, detail dialog): one file instead of about twenty, less what the sign-in
 *   page uses as well. Other screens showing cards load it too.
 *
 * Code used by one other screen stays in that screen's chunk, so rarely used screens (admin,
 * PogBot, the studio) still cost nothing until opened. The groups take only the modules they
 * name (not their dependencies), so zod and the socket client never ride along.
 */
const VENDOR = /[\\/]node_modules[\\/](react|react-dom|scheduler|react-router|@tanstack|styled-components|stylis|zustand)[\\/]/;
const COMMON_CODE = /[\\/]common[\\/]src[\\/]/;
/** The entries (the page, main.tsx, firstRequests.ts) and Vite's modulepreload polyfill: they stay in the entries' files. */
const ENTRY = /[\\/]web[\\/](index\.html|src[\\/](main\.tsx|firstRequests\.ts))$|modulepreload-polyfill/;
const ZOD = /[\\/]node_modules[\\/]zod[\\/]/;
/** common's index files only re-export: whoever imports through them gets only what it names. */
const BARREL = /[\\/]common[\\/]src[\\/](.+[\\/])?index\.ts$/;
const EXPLORE_SCREEN = /[\\/]web[\\/]src[\\/]pages[\\/]Explore[\\/]ExplorePage\.tsx$/;
const AUTH_SCREEN = /[\\/]web[\\/]src[\\/]pages[\\/]Auth[\\/]AuthPage\.tsx$/;

interface ModuleGraph {
  /** Modules the entry imports statically (they are in the entry's files already). */
  entry: Set<string>;
  /** Modules that import zod, directly or through other modules (not counting re-exports). */
  needsZod: Set<string>;
  /** Modules the Explore screen imports statically. */
  explore: Set<string>;
  /** Modules the sign-in screen imports statically. */
  auth: Set<string>;
}

function reachable(starts: Iterable<string>, next: (id: string) => readonly string[]): Set<string> {
  const seen = new Set<string>();
  const queue = [...starts];
  while (queue.length) {
    const id = queue.pop()!;
    if (seen.has(id)) continue;
    seen.add(id);
    queue.push(...next(id));
  }
  return seen;
}

/** The plugin that reads the module graph once parsing ends, and the `codeSplitting` that uses it. */
function screenChunks(): { plugin: Plugin; codeSplitting: CodeSplittingOptions } {
  const graph: ModuleGraph = { entry: new Set(), needsZod: new Set(), explore: new Set(), auth: new Set() };
  const plugin: Plugin = {
    name: 'pog:screen-chunks',
    apply: 'build',
    buildEnd() {
      const ids = [...this.getModuleIds()];
      const imports = new Map(ids.map((id) => [id, this.getModuleInfo(id)?.importedIds ?? []]));
      const importers = new Map<string, string[]>();
      for (const [id, imported] of imports) for (const dependency of imported) importers.set(dependency, [...(importers.get(dependency) ?? []), id]);
      const forward = (id: string) => (BARREL.test(id) ? [] : (imports.get(id) ?? []));
      graph.entry = reachable(
        ids.filter((id) => this.getModuleInfo(id)?.isEntry),
        forward,
      );
      graph.needsZod = reachable(
        ids.filter((id) => ZOD.test(id)),
        (id) => (BARREL.test(id) ? [] : (importers.get(id) ?? [])),
      );
      graph.explore = reachable(ids.filter((id) => EXPLORE_SCREEN.test(id)), forward);
      graph.auth = reachable(ids.filter((id) => AUTH_SCREEN.test(id)), forward);
    },
  };
  const lazy = (id: string) => !graph.entry.has(id) && !BARREL.test(id);
  /** The entry's code, and what both first screens (Explore, sign-in) use. */
  const inShell = (id: string) => graph.entry.has(id) || (graph.explore.has(id) && graph.auth.has(id));
  const codeSplitting: CodeSplittingOptions = {
    groups: [
      { name: 'vendor', test: VENDOR, priority: 3 },
      {
        name: 'shell',
        priority: 2,
        includeDependenciesRecursively: false,
        // All the entry's modules but the libraries above (e.g. the display font's URL too): a module
        // the shell needs must not be left in a chunk of its own that could load after it.
        test: (id: string) => (!ENTRY.test(id) && !ZOD.test(id) && inShell(id)) || (COMMON_CODE.test(id) && lazy(id) && !graph.needsZod.has(id)),
      },
      {
        name: 'explore',
        priority: 1,
        includeDependenciesRecursively: false,
        // Not what the sign-in page needs too (buttons, fields): it would download Explore's cards.
        test: (id: string) => !ZOD.test(id) && lazy(id) && graph.explore.has(id) && !graph.auth.has(id),
      },
    ],
  };
  return { plugin, codeSplitting };
}

const chunks = screenChunks();

/**
 * React Router's package exports name only its development build (its developer warnings switched
 * on, e.g. a console error for every error a boundary catches); the production build beside it is
 * the same code with them off. A production bundle takes that one.
 */
const REACT_ROUTER_PRODUCTION = path.join(path.dirname(createRequire(import.meta.url).resolve('react-router/package.json')), 'dist/production/index.mjs');

export default defineConfig(({ mode }) => ({
  root: fileURLToPath(new URL('.', import.meta.url)),
  plugins: [react(), zodWithoutEval(), preloadDisplayFont(), firstScreenRequests(), chunks.plugin, compileStartupChunksEagerly()],
  resolve: { alias: mode === 'production' ? [{ find: /^react-router$/, replacement: REACT_ROUTER_PRODUCTION }] : [] },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    // Source maps would publish the sources: production builds carry none.
    sourcemap: false,
    rolldownOptions: {
      input: { index: fileURLToPath(new URL('index.html', import.meta.url)), [FIRST_REQUESTS]: fileURLToPath(new URL('src/firstRequests.ts', import.meta.url)) },
      output: { codeSplitting: chunks.codeSplitting },
    },
  },
  server: {
    // The Host header is passed through unchanged: the gateway refuses state-changing requests
    // whose Origin differs from its own origin, which it derives from Host.
    proxy: {
      '/api': { target: GATEWAY },
      '/uploads': { target: GATEWAY },
      '/socket.io': { target: GATEWAY, ws: true },
    },
  },
}));
