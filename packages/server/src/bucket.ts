/** A token bucket: `burst` at once, then `rate` a second. The limits of sockets, seats, addresses and routes. */
export interface Bucket {
  tokens: number;
  at: number;
}

export const bucket = (burst: number, now: number): Bucket => ({ tokens: burst, at: now });

/** Takes one token if there is one (true), refilling first for the time since the last take. */
export function take(b: Bucket, burst: number, rate: number, now: number): boolean {
  // A clock that went back (NTP) refills nothing, rather than taking tokens away.
  b.tokens = Math.min(burst, b.tokens + (Math.max(0, now - b.at) / 1000) * rate);
  b.at = now;
  if (b.tokens < 1) return false;
  b.tokens -= 1;
  return true;
}

/** Buckets by key (an address), forgetting those full again so the map does not grow without end. */
export class Buckets {
  private map = new Map<string, Bucket>();
  constructor(
    private burst: number,
    private rate: number,
  ) {}

  take(key: string, now: number): boolean {
    let b = this.map.get(key);
    if (!b) this.map.set(key, (b = bucket(this.burst, now)));
    const ok = take(b, this.burst, this.rate, now);
    if (this.map.size > 10_000) this.sweep(now);
    return ok;
  }

  private sweep(now: number): void {
    for (const [k, b] of this.map)
      if (b.tokens + ((now - b.at) / 1000) * this.rate >= this.burst) this.map.delete(k);
  }
}
