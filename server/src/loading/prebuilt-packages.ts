/**
 * Under tsx (`node --import tsx`, what `npm start` runs), registers prebuilt-packages-hooks.mjs so that
 * the installed packages' ES modules load without tsx's rewriting (about 40 MB of resident memory
 * for PGlite's code, and a tenth of a start's CPU). Without tsx (plain JavaScript) nothing is
 * registered: a hook would start Node's hooks thread for nothing.
 */
import { register } from 'node:module';

/** Whether this process runs under tsx's loader (its `--import`, or the `tsx` command's own flags). */
export function underTsx(execArgv: readonly string[] = process.execArgv): boolean {
  return execArgv.some((arg) => arg === 'tsx' || /[/\\]tsx[/\\]/.test(arg) || /^--(import|require)=.*tsx/.test(arg));
}

export function registerPrebuiltPackages(execArgv: readonly string[] = process.execArgv): boolean {
  if (!underTsx(execArgv)) return false;
  register('./prebuilt-packages-hooks.mjs', import.meta.url);
  return true;
}
