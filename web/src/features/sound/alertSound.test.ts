import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ALERT_SOUND_KEY, playAlert, setAlertSound, storedAlertSound, useAlertSound } from './alertSound';

/** A browser's window as far as the setting reads it: storage and the reduced-motion query. */
function fakeWindow(reducedMotion: boolean) {
  const items = new Map<string, string>();
  return {
    items,
    localStorage: { getItem: (key: string) => items.get(key) ?? null, setItem: (key: string, value: string) => void items.set(key, value) },
    matchMedia: (query: string) => ({ matches: reducedMotion && query === '(prefers-reduced-motion: reduce)' }),
  };
}

/** Counts the tones started, as WebAudio would play them. */
function fakeAudio() {
  const started: number[] = [];
  class FakeAudioContext {
    state = 'running';
    currentTime = 0;
    destination = {};
    createOscillator() {
      const oscillator = { type: 'sine', frequency: { value: 0 }, connect: (node: unknown) => node, start: () => started.push(oscillator.frequency.value), stop: () => undefined };
      return oscillator;
    }
    createGain() {
      return { gain: { setValueAtTime: () => undefined, exponentialRampToValueAtTime: () => undefined }, connect: (node: unknown) => node };
    }
  }
  return { started, FakeAudioContext };
}

describe('the alert sound setting', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('is on by default, and off by default for a player who asks for reduced motion', () => {
    vi.stubGlobal('window', fakeWindow(false));
    expect(storedAlertSound()).toBe(true);
    vi.stubGlobal('window', fakeWindow(true));
    expect(storedAlertSound()).toBe(false);
  });

  it("keeps the player's choice in the browser, over the default", () => {
    const browser = fakeWindow(true);
    vi.stubGlobal('window', browser);
    setAlertSound(true);
    expect(browser.items.get(ALERT_SOUND_KEY)).toBe('on');
    expect(storedAlertSound()).toBe(true);
    setAlertSound(false);
    expect(browser.items.get(ALERT_SOUND_KEY)).toBe('off');
    expect(useAlertSound.getState().on).toBe(false);
    browser.items.set(ALERT_SOUND_KEY, 'off');
    vi.stubGlobal('window', { ...browser, matchMedia: fakeWindow(false).matchMedia });
    expect(storedAlertSound()).toBe(false);
  });
});

describe('the alert chime', () => {
  let audio: ReturnType<typeof fakeAudio>;
  beforeEach(() => {
    audio = fakeAudio();
    vi.stubGlobal('window', fakeWindow(false));
    vi.stubGlobal('AudioContext', audio.FakeAudioContext);
  });
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('plays its tones while the sound is on, and nothing once it is off', () => {
    setAlertSound(true);
    playAlert('good');
    expect(audio.started).toEqual([523, 659, 784]);
    setAlertSound(false);
    playAlert('bad');
    playAlert('news');
    expect(audio.started).toHaveLength(3);
  });
});
