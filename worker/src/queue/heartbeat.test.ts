import { afterEach, describe, expect, it } from 'vitest';
import { startHeartbeat, type Heartbeat } from './heartbeat';
import { sleep, waitUntil } from '../testing/queue-contract';

describe('a worker heartbeat', () => {
  const started: Heartbeat[] = [];
  afterEach(() => started.splice(0).forEach((heartbeat) => heartbeat.stop()));

  function heartbeat(probe: () => Promise<boolean>, state: () => boolean) {
    const beat = startHeartbeat({ probe, state, everyMs: 20, staleAfterMs: 100 });
    started.push(beat);
    return beat;
  }

  it('is alive after a check passed, and goes stale when checks stop passing', async () => {
    let answering = true;
    const beat = heartbeat(async () => answering, () => true);
    await waitUntil(() => beat.alive());
    answering = false;
    await waitUntil(() => !beat.alive(), 2_000);
    answering = true;
    await waitUntil(() => beat.alive());
  });

  it('counts a check that hangs or throws as not passing', async () => {
    const hanging = heartbeat(() => new Promise(() => undefined), () => true);
    const throwing = heartbeat(async () => {
      throw new Error('connection reset');
    }, () => true);
    await sleep(150);
    expect(hanging.alive()).toBe(false);
    expect(throwing.alive()).toBe(false);
    expect(throwing.lastBeatAt()).toBeUndefined();
  });

  it('is not alive the moment the state says the worker cannot take jobs, however fresh the last beat', async () => {
    let running = true;
    const beat = heartbeat(async () => true, () => running);
    await waitUntil(() => beat.alive());
    running = false;
    expect(beat.alive()).toBe(false);
  });
});
