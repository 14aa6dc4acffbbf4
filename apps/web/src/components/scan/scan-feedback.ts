/** How a scan ended, for the banner's colour and the beep. */
export type Tone = 'success' | 'warning' | 'error' | 'info';

export interface Feedback {
  tone: Tone;
  text: string;
  /** One follow-up the operator can take ("Accept anyway", "Retry"). */
  action?: { label: string; run(): void; testId: string };
}

// Pitches far apart so the outcome is heard without looking: high ok, middle warning, low error.
const BEEPS: Record<Tone, { hz: number; ms: number; type: OscillatorType } | null> = {
  success: { hz: 1320, ms: 90, type: 'sine' },
  warning: { hz: 660, ms: 180, type: 'square' },
  error: { hz: 220, ms: 350, type: 'sawtooth' },
  info: null,
};

let context: AudioContext | null = null;

/**
 * A short WebAudio beep. The context is made on first use, which follows a key press, so the
 * browser's autoplay rule lets it sound; where audio is unavailable the colours still tell.
 */
export function beep(tone: Tone): void {
  const spec = BEEPS[tone];
  if (!spec || typeof AudioContext === 'undefined') return;
  try {
    context ??= new AudioContext();
    if (context.state === 'suspended') void context.resume();
    const oscillator = context.createOscillator();
    const gain = context.createGain();
    oscillator.type = spec.type;
    oscillator.frequency.value = spec.hz;
    gain.gain.value = 0.15;
    oscillator.connect(gain).connect(context.destination);
    const end = context.currentTime + spec.ms / 1000;
    gain.gain.setTargetAtTime(0, end - 0.03, 0.01);
    oscillator.start();
    oscillator.stop(end);
  } catch {
    // No audio device or a refused context: the banner's colour is enough.
  }
}
