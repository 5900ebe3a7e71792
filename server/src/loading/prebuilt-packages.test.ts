import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { describe, expect, it } from 'vitest';
import { REPO_ROOT } from '../../../gateway/src/testing/processes';
import { isPrebuilt, load } from './prebuilt-packages-hooks.mjs';
import { underTsx } from './prebuilt-packages';

const pgliteEntry = createRequire(path.join(REPO_ROOT, 'package.json')).resolve('@electric-sql/pglite').replace(/\.cjs$/, '.js');

describe("the packages' ES modules load without tsx", () => {
  it('knows when the process runs under tsx', () => {
    expect(underTsx(['--import', 'tsx'])).toBe(true);
    expect(underTsx(['--require', '/app/node_modules/tsx/dist/preflight.cjs', '--import', 'file:///app/node_modules/tsx/dist/loader.mjs'])).toBe(true);
    expect(underTsx(['--import=tsx'])).toBe(true);
    expect(underTsx([])).toBe(false);
    expect(underTsx(['--enable-source-maps'])).toBe(false);
  });

  it("names the packages' ES modules only", () => {
    expect(isPrebuilt(pathToFileURL(pgliteEntry).href, 'module')).toBe(true);
    expect(isPrebuilt('file:///app/node_modules/@electric-sql/pglite/dist/contrib/pg_trgm.js', 'module')).toBe(true);
    expect(isPrebuilt('file:///app/node_modules/zod/v4/classic/external.js', 'module')).toBe(true);
    expect(isPrebuilt('file:///app/node_modules/some-package/dist/index.mjs', undefined)).toBe(true);
    expect(isPrebuilt('file:///app/node_modules/@electric-sql/pglite/dist/index.cjs', 'commonjs')).toBe(false);
    expect(isPrebuilt('file:///app/node_modules/koa/lib/application.js', 'commonjs')).toBe(false);
    expect(isPrebuilt('file:///app/node_modules/some-package/data.json', 'json')).toBe(false);
    // Our own code, TypeScript or not, is tsx's.
    expect(isPrebuilt('file:///app/server/src/main.ts', 'module')).toBe(false);
    expect(isPrebuilt('file:///app/server/src/loading/prebuilt-packages-hooks.mjs', 'module')).toBe(false);
  });

  it('gives such a file as it is, without asking the next loader (tsx), and passes the others on', async () => {
    const url = pathToFileURL(pgliteEntry).href;
    const next = async () => {
      throw new Error('the next loader was asked');
    };
    expect(await load(url, { format: 'module' }, next)).toEqual({ format: 'module', source: readFileSync(pgliteEntry, 'utf8'), shortCircuit: true });
    const passOn = async (u: string) => ({ format: 'module', source: `next:${u}` });
    const ours = 'file:///app/server/src/main.ts';
    expect(await load(ours, { format: 'module' }, passOn)).toEqual({ format: 'module', source: `next:${ours}` });
    const commonJs = 'file:///app/node_modules/koa/lib/application.js';
    expect(await load(commonJs, { format: 'commonjs' }, passOn)).toEqual({ format: 'module', source: `next:${commonJs}` });
  });

  // (The whole app under tsx, PGlite running, is started by lazy-services.test.ts and data-dir-lock.test.ts.)
  it('a process under tsx with the hook registered loads PGlite and Drizzle over it', () => {
    const script = [
      "const { registerPrebuiltPackages } = await import('./server/src/loading/prebuilt-packages.ts');",
      'if (!registerPrebuiltPackages()) throw new Error("not registered");',
      "const { PGlite, types } = await import('@electric-sql/pglite');",
      "const { drizzle } = await import('drizzle-orm/pglite');",
      'console.log(JSON.stringify([typeof PGlite.create, typeof types.TEXT, typeof drizzle]));',
    ].join('\n');
    const run = spawnSync(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], { cwd: REPO_ROOT, env: { PATH: process.env.PATH }, encoding: 'utf8', timeout: 60_000 });
    expect(run.status, run.stderr).toBe(0);
    expect(run.stdout.trim()).toBe('["function","number","function"]');
  });
});
