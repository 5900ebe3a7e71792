/**
 * The battle reveal's sound: off by default, switched on with the reveal's toggle and remembered in
 * this browser. Made with WebAudio (short tones, no files to fetch): a tick per count, a thud per
 * roll landing, a rising chord for the verdict.
 */
import { create } from 'zustand';
import { playTones, type Tone } from '../sound/tones';

const STORAGE_KEY = 'pog.revealSound';

function stored(): boolean {
  try {
    return window.localStorage.getItem(STORAGE_KEY) === 'on';
  } catch {
    return false;
  }
}

export const useRevealSound = create<{ on: boolean }>(() => ({ on: typeof window !== 'undefined' && stored() }));

export function setRevealSound(on: boolean): void {
  useRevealSound.setState({ on });
  try {
    window.localStorage.setItem(STORAGE_KEY, on ? 'on' : 'off');
  } catch {
    // Private mode: the choice lasts for this page only.
  }
}

export type RevealSoundCue = 'count' | 'land' | 'verdict';

const TONES: Record<RevealSoundCue, Tone[]> = {
  count: [{ hz: 660, delay: 0, length: 0.08 }],
  land: [{ hz: 180, delay: 0, length: 0.14 }],
  verdict: [
    { hz: 523, delay: 0, length: 0.18 },
    { hz: 659, delay: 0.09, length: 0.18 },
    { hz: 784, delay: 0.18, length: 0.3 },
  ],
};

/** Plays a cue when the sound is on (../sound/tones: WebAudio, silent where it is missing). */
export function playCue(cue: RevealSoundCue): void {
  if (!useRevealSound.getState().on) return;
  playTones(TONES[cue], cue === 'land' ? 'triangle' : 'sine');
}
