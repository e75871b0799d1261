// Short synthesised sounds (no files to download) and vibration, where the device has them.
// The AudioContext is created on first use, which is always after a tap (browsers require one).

export type SoundName = 'move' | 'capture' | 'end' | 'low-time' | 'error' | 'found';

type Tone = [frequency: number, startS: number, durationS: number, gain: number];

const TONES: Record<SoundName, Tone[]> = {
  move: [[520, 0, 0.05, 0.25]],
  capture: [
    [380, 0, 0.06, 0.3],
    [300, 0.05, 0.07, 0.25],
  ],
  end: [
    [523, 0, 0.14, 0.2],
    [659, 0.13, 0.14, 0.2],
    [784, 0.26, 0.24, 0.2],
  ],
  'low-time': [
    [880, 0, 0.09, 0.25],
    [880, 0.16, 0.09, 0.25],
  ],
  error: [[200, 0, 0.12, 0.2]],
  // an opponent was found: a rising call, unlike the end of a game
  found: [
    [587, 0, 0.1, 0.22],
    [784, 0.1, 0.1, 0.22],
    [1175, 0.2, 0.22, 0.2],
  ],
};

export class Sound {
  private ctx: AudioContext | undefined;
  enabled = true;

  play(name: SoundName): void {
    if (!this.enabled) return;
    try {
      const Ctx = globalThis.AudioContext;
      if (!Ctx) return;
      this.ctx ??= new Ctx();
      const ctx = this.ctx;
      if (ctx.state === 'suspended') void ctx.resume();
      const t0 = ctx.currentTime + 0.01;
      for (const [f, start, dur, gain] of TONES[name]) {
        const osc = ctx.createOscillator();
        const g = ctx.createGain();
        osc.type = 'triangle';
        osc.frequency.value = f;
        g.gain.setValueAtTime(0, t0 + start);
        g.gain.linearRampToValueAtTime(gain, t0 + start + 0.01);
        g.gain.exponentialRampToValueAtTime(0.001, t0 + start + dur);
        osc.connect(g).connect(ctx.destination);
        osc.start(t0 + start);
        osc.stop(t0 + start + dur + 0.02);
      }
    } catch {
      // no sound on this device
    }
  }

  /** A short buzz, where vibration exists and sounds are on. */
  vibrate(pattern: number | number[]): void {
    if (!this.enabled) return;
    try {
      globalThis.navigator?.vibrate?.(pattern);
    } catch {
      // not supported
    }
  }
}
