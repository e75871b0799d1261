/**
 * The one seeded random generator of the project (sfc32), so that puzzle generation, the daily
 * permutation, the tests' random positions and the engine's scripts are the same on every machine.
 * Not for anything secret.
 */
export class Random {
  private a: number;
  private b: number;
  private c: number;
  private d: number;

  constructor(seed: number) {
    this.a = 0x9e3779b9;
    this.b = 0x243f6a88;
    this.c = 0xb7e15162;
    this.d = seed | 0;
    for (let i = 0; i < 15; i++) this.next();
  }

  /** A uniform 32-bit unsigned integer. */
  next(): number {
    const t = (((this.a + this.b) | 0) + this.d) | 0;
    this.d = (this.d + 1) | 0;
    this.a = this.b ^ (this.b >>> 9);
    this.b = (this.c + (this.c << 3)) | 0;
    this.c = (this.c << 21) | (this.c >>> 11);
    this.c = (this.c + t) | 0;
    return t >>> 0;
  }

  /** A uniform integer in [0, n). */
  int(n: number): number {
    return Math.floor((this.next() / 4294967296) * n);
  }

  /** A uniform number in [0, 1). */
  float(): number {
    return this.next() / 4294967296;
  }

  /** One of `items`, each as likely. */
  pick<T>(items: readonly T[]): T {
    return items[this.int(items.length)];
  }

  /** Shuffle in place (Fisher–Yates) and return the array. */
  shuffle<T>(items: T[]): T[] {
    for (let i = items.length - 1; i > 0; i--) {
      const j = this.int(i + 1);
      [items[i], items[j]] = [items[j], items[i]];
    }
    return items;
  }
}

/** A function returning uniform floats in [0, 1), drawn from a `Random` seeded with `seed`. */
export function makeRng(seed: number): () => number {
  const random = new Random(seed);
  return () => random.float();
}
