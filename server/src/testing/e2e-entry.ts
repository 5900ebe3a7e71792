/**
 * The browser tests' app entry: the same process as `server/src/main.ts` (../process), which
 * also answers the test-data factories of ./e2e-factories on the IPC channel of the test that
 * started it. It refuses to start unless NODE_ENV=test and that channel exists, so it cannot serve
 * anything else; nothing but web/e2e/harness.ts starts it, and the image leaves testing/ folders out.
 */
import { registerPrebuiltPackages } from '../loading/prebuilt-packages';

/** Why this entry will not start here, or null when it may (NODE_ENV=test and an IPC channel). */
function refusal(env: NodeJS.ProcessEnv, hasChannel: boolean): string | null {
  if (env.NODE_ENV !== 'test') return `NODE_ENV is ${env.NODE_ENV ?? 'not set'}, not test`;
  if (!hasChannel) return 'it was not started with an IPC channel';
  return null;
}

const why = refusal(process.env, typeof process.send === 'function');
if (why) {
  console.error(`[e2e-entry] This entry is for the browser tests only and will not start: ${why}. Start the app with server/src/main.ts.`);
  process.exit(78);
}
// As main.ts: the packages' ES modules past tsx's loader, then the app, loaded only once allowed
// (a refused start loads none of it).
registerPrebuiltPackages();
const [{ failedToStart, runProcess }, { serveFactories }] = await Promise.all([import('../process'), import('./e2e-factories')]);
runProcess({ onStarted: serveFactories }).catch(failedToStart);
