/**
 * The toasts a live event can bring (an offer or a challenge arriving, or answered), each announced
 * once per page whatever the socket replays: a reconnection resumes from its last position, and a
 * page's first connection from the position of its first read, so an event may come twice.
 */
import type { AlertCue } from '../sound/alertSound';

export interface AlertToast {
  title: string;
  description: string;
  action: { label: string; to: string };
  /** The chime played with it (when the player has the sound on). */
  cue: AlertCue;
}

const announced = new Set<string>();

/** For tests: forget what was announced. */
export function resetAnnounced(): void {
  announced.clear();
}

/** True the first time a key is seen on this page, false after. */
export function once(key: string): boolean {
  if (announced.has(key)) return false;
  announced.add(key);
  return true;
}
