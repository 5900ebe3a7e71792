/**
 * Short tones made with WebAudio (no files to fetch), shared by the battle reveal's cues and the
 * alerts' chimes. Silent, and harmless, where WebAudio is missing.
 */
export interface Tone {
  hz: number;
  /** Seconds after the cue starts. */
  delay: number;
  /** Seconds. */
  length: number;
}

let context: AudioContext | null = null;

export function playTones(tones: readonly Tone[], wave: OscillatorType = 'sine'): void {
  if (typeof AudioContext === 'undefined') return;
  context ??= new AudioContext();
  // A page that has not been interacted with yet starts suspended; resuming is allowed after any click.
  if (context.state === 'suspended') void context.resume().catch(() => undefined);
  const start = context.currentTime;
  for (const tone of tones) {
    const oscillator = context.createOscillator();
    const gain = context.createGain();
    oscillator.type = wave;
    oscillator.frequency.value = tone.hz;
    gain.gain.setValueAtTime(0.18, start + tone.delay);
    gain.gain.exponentialRampToValueAtTime(0.001, start + tone.delay + tone.length);
    oscillator.connect(gain).connect(context.destination);
    oscillator.start(start + tone.delay);
    oscillator.stop(start + tone.delay + tone.length);
  }
}
