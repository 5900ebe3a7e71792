/**
 * The alerts' sound: a short chime with the toast that says an offer or a challenge arrived or was
 * answered. On by default, except for a player whose system asks for reduced motion; switched in the
 * user menu and remembered in this browser. The tones are the battle reveal's machinery (./tones).
 */
import { create } from 'zustand';
import { playTones, type Tone } from './tones';

export const ALERT_SOUND_KEY = 'pog.alertSound';

function prefersReducedMotion(): boolean {
  return typeof window !== 'undefined' && window.matchMedia?.('(prefers-reduced-motion: reduce)').matches === true;
}

/** The stored choice, else the default: on, unless reduced motion is asked for. */
export function storedAlertSound(): boolean {
  try {
    const stored = window.localStorage.getItem(ALERT_SOUND_KEY);
    if (stored === 'on' || stored === 'off') return stored === 'on';
  } catch {
    // Private mode: no stored choice.
  }
  return !prefersReducedMotion();
}

export const useAlertSound = create<{ on: boolean }>(() => ({ on: typeof window !== 'undefined' && storedAlertSound() }));

export function setAlertSound(on: boolean): void {
  useAlertSound.setState({ on });
  try {
    window.localStorage.setItem(ALERT_SOUND_KEY, on ? 'on' : 'off');
  } catch {
    // Private mode: the choice lasts for this page only.
  }
}

/** 'news': something arrived to answer; 'good': an offer or a challenge was accepted; 'bad': it was not. */
export type AlertCue = 'news' | 'good' | 'bad';

const CHIMES: Record<AlertCue, Tone[]> = {
  news: [
    { hz: 784, delay: 0, length: 0.12 },
    { hz: 988, delay: 0.1, length: 0.16 },
  ],
  good: [
    { hz: 523, delay: 0, length: 0.12 },
    { hz: 659, delay: 0.08, length: 0.12 },
    { hz: 784, delay: 0.16, length: 0.22 },
  ],
  bad: [
    { hz: 440, delay: 0, length: 0.14 },
    { hz: 349, delay: 0.12, length: 0.22 },
  ],
};

/** Plays the chime of an alert when the sound is on. */
export function playAlert(cue: AlertCue): void {
  if (useAlertSound.getState().on) playTones(CHIMES[cue]);
}
