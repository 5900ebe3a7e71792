// The embedded database thread's first module (see pglite-thread.ts): plain JavaScript, so that it
// loads without tsx; it registers tsx's loader in this thread (Node 20 does not hand the server's
// `--import tsx` hooks on to a worker) and then loads the TypeScript worker.
import { register } from 'tsx/esm/api';

register();
await import('./pglite-thread-worker.ts');
