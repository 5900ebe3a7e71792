// @vitest-environment happy-dom
/** Lazily loaded screens: a preloaded one draws in its first render; otherwise the fallback shows first. */
import { Suspense } from 'react';
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { retryableLazy } from './retryableLazy';

const Screen = () => <p>the screen</p>;

function deferredLoad() {
  let resolve!: () => void;
  const load = vi.fn(() => new Promise<{ default: typeof Screen }>((done) => (resolve = () => done({ default: Screen }))));
  return { load, resolve: () => resolve() };
}

const inSuspense = (Lazy: React.ComponentType) => (
  <Suspense fallback={<p>loading</p>}>
    <Lazy />
  </Suspense>
);

afterEach(cleanup);

describe('retryableLazy', () => {
  it('draws the fallback first when the code is not in yet, then the screen', async () => {
    const { load, resolve } = deferredLoad();
    const Lazy = retryableLazy(load);
    render(inSuspense(Lazy));
    expect(screen.getByText('loading')).toBeTruthy();
    resolve();
    expect(await screen.findByText('the screen')).toBeTruthy();
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('draws a preloaded screen in its first render, never the fallback, without loading it again', async () => {
    const { load, resolve } = deferredLoad();
    const Lazy = retryableLazy(load);
    Lazy.preload();
    resolve();
    await load.mock.results[0]!.value;
    await Promise.resolve();
    render(inSuspense(Lazy));
    expect(screen.queryByText('loading')).toBeNull();
    expect(screen.getByText('the screen')).toBeTruthy();
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('leaves a failed preload to the render, which loads again', async () => {
    let calls = 0;
    const load = vi.fn(() => (++calls === 1 ? Promise.reject(new Error('offline')) : Promise.resolve({ default: Screen })));
    const Lazy = retryableLazy(load);
    Lazy.preload();
    await Promise.resolve();
    render(inSuspense(Lazy));
    expect(await screen.findByText('the screen')).toBeTruthy();
    expect(load).toHaveBeenCalledTimes(2);
  });
});
