import { EventEmitter } from 'node:events';
import { describe, expect, it } from 'vitest';
import { FinishedJobs, type JobEventSource } from './finished-jobs';

function stream() {
  const events = new EventEmitter();
  return { events, finished: new FinishedJobs(events as unknown as JobEventSource) };
}

const settledWithin = async <T>(promise: Promise<T>): Promise<T | 'pending'> => Promise.race([promise, new Promise<'pending'>((resolve) => setTimeout(() => resolve('pending'), 20))]);

describe('FinishedJobs (a run() waiting for its job through the event stream)', () => {
  it('answers a waiter when its job completes, with the returned value', async () => {
    const { events, finished } = stream();
    const { outcome } = finished.wait('7');
    expect(await settledWithin(outcome)).toBe('pending');
    events.emit('completed', { jobId: '8', returnvalue: { other: true } });
    expect(await settledWithin(outcome)).toBe('pending');
    events.emit('completed', { jobId: '7', returnvalue: { status: 'completed' } });
    expect(await outcome).toEqual({ ok: true, value: { status: 'completed' } });
  });

  it('answers at once for a job whose outcome the stream brought before the wait began', async () => {
    const { events, finished } = stream();
    events.emit('failed', { jobId: '9', failedReason: 'boom' });
    events.emit('completed', { jobId: '10', returnvalue: 42 });
    expect(await finished.wait('9').outcome).toEqual({ ok: false, reason: 'boom' });
    expect(await finished.wait('10').outcome).toEqual({ ok: true, value: 42 });
  });

  it('answers every waiter of one job (completes sharing a job), and none after it was cancelled', async () => {
    const { events, finished } = stream();
    const first = finished.wait('11');
    const second = finished.wait('11');
    const cancelled = finished.wait('11');
    cancelled.cancel();
    events.emit('completed', { jobId: '11', returnvalue: 'done' });
    expect(await first.outcome).toEqual({ ok: true, value: 'done' });
    expect(await second.outcome).toEqual({ ok: true, value: 'done' });
    expect(await settledWithin(cancelled.outcome)).toBe('pending');
  });
});
