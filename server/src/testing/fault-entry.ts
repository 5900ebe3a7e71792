/**
 * The process of `server/src/main.ts` (../process) with faults planted for server/src/uncaught.test.ts:
 * a request carrying `X-Test-Fault` meets, while it is served, an error nobody catches:
 *
 * - `emitter`: thrown by an event emitter's listener, emitted from a timer;
 * - `body`: thrown by a listener of the request's own body, on a chunk that arrives later;
 * - `rejection`: a promise rejected with nobody waiting for it;
 * - `late`: thrown by a timer the request started, half a second on, after its answer (the process must stop).
 *
 * SIGUSR2 throws from a signal handler, which belongs to no request (the process must stop).
 * The faults are planted where the request's session is looked up, before the route reads the body.
 * It refuses to start unless NODE_ENV=test; the image leaves testing/ folders out.
 */
import { EventEmitter } from 'node:events';
import { currentRequest } from '@pog/domain/observability';

if (process.env.NODE_ENV !== 'test') {
  console.error('[fault-entry] This entry is for tests only and will not start. Start the app with server/src/main.ts.');
  process.exit(78);
}

/** The header naming the fault an upload request meets. */
const FAULT_HEADER = 'x-test-fault';

function plant(fault: string): void {
  switch (fault) {
    case 'emitter': {
      const emitter = new EventEmitter();
      emitter.on('tick', () => {
        throw new Error('planted: an emitter listener threw');
      });
      setTimeout(() => emitter.emit('tick'), 10);
      return;
    }
    case 'body': {
      let chunks = 0;
      currentRequest()?.on('data', () => {
        if (++chunks === 2) throw new Error('planted: a body listener threw');
      });
      return;
    }
    case 'rejection':
      void Promise.reject(new Error('planted: a rejection nobody awaited'));
      return;
    case 'late':
      setTimeout(() => {
        throw new Error('planted: after the answer');
      }, 500);
      return;
  }
}

process.on('SIGUSR2', () => {
  throw new Error('planted: outside any request');
});

const { failedToStart, runProcess } = await import('../process');
runProcess({
  onStarted: (runtime) => {
    const sessions = runtime.context!.sessions;
    const get = sessions.get.bind(sessions);
    const kept = sessions.kept.bind(sessions);
    // A faulty request's session is always looked up through `get`, where the fault is planted.
    sessions.kept = (token) => (currentRequest()?.headers[FAULT_HEADER] === undefined ? kept(token) : undefined);
    sessions.get = async (token) => {
      const fault = currentRequest()?.headers[FAULT_HEADER];
      if (typeof fault === 'string') plant(fault);
      return get(token);
    };
  },
}).catch(failedToStart);
