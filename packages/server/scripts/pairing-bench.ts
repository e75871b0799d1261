/**
 * The seek pool under a simulated rush: 2,000 players arrive over a minute of simulated time, each
 * seeking one game at one of the offered time controls (rated or casual, ratings ~N(1500, 300),
 * some with a rating range, some blocking others), and the pool is paired every 100 ms of simulated
 * time. Reports the simulated time to pairing (p50/p99), how many were paired, that no player was
 * paired twice, and the CPU time of each `pair()` call (p50/p99/max). Seeded: the same run each time.
 * The CPU time is the process's (Node 20 has no per-thread figure), so V8's compiler and GC threads
 * busy during a call count in it: its p99 and max are those, more than `pair()`; the wall time beside
 * it counts other processes' load instead.
 * Usage: node --import tsx packages/server/scripts/pairing-bench.ts [--players 2000] [--seed 1]
 */
import { compatible, pair } from '../src/pairing.ts';
import type { BlockList, Seek } from '../src/pairing.ts';
import { OFFERED_TIME_CONTROLS, speedOf } from '../src/rating.ts';

const arg = (name: string, fallback: number): number => {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 ? Number(process.argv[i + 1]) : fallback;
};
const PLAYERS = arg('players', 2000);
const SEED = arg('seed', 1);
const ARRIVALS_MS = 60_000;
const TICK_MS = 100;
/** After the last arrival, the pool keeps being paired this long before what is left is counted as unpaired. */
const TAIL_MS = 30_000;

/** mulberry32: a small seeded generator, so that runs compare. */
function seeded(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}
const random = seeded(SEED);
const normal = (mean: number, sd: number) =>
  mean + sd * Math.sqrt(-2 * Math.log(1 - random())) * Math.cos(2 * Math.PI * random());
const pick = <T>(items: readonly T[]): T => items[Math.floor(random() * items.length)];

// The players and their seeks, in order of arrival.
const blocked = new Map<string, Set<string>>();
const seeks: Seek[] = Array.from({ length: PLAYERS }, () => random() * ARRIVALS_MS)
  .sort((a, b) => a - b)
  .map((createdAt, i): Seek => {
    const rating = Math.round(normal(1500, 300));
    // A third ask for opponents near them (±100 to ±400), as lichess's lobby offers.
    const reach = random() < 1 / 3 ? 100 + 100 * Math.floor(random() * 4) : null;
    return {
      id: `seek${i}`,
      player: `p${i}`,
      rating,
      provisional: random() < 0.2,
      clock: pick(OFFERED_TIME_CONTROLS),
      rated: random() < 0.8,
      range: reach === null ? null : { min: rating - reach, max: rating + reach },
      createdAt,
    };
  });
// One player in twenty has blocked 1–20 others; blocks among near neighbours in arrival, who meet.
for (let i = 0; i < PLAYERS; i++) {
  if (random() >= 0.05) continue;
  const list = new Set<string>();
  for (let n = 1 + Math.floor(random() * 20); n > 0; n--)
    list.add(`p${Math.min(PLAYERS - 1, Math.max(0, i + Math.round(normal(0, 50))))}`);
  list.delete(`p${i}`);
  blocked.set(`p${i}`, list);
}
const NONE: ReadonlySet<string> = new Set();
const blockedBy: BlockList = (player) => blocked.get(player) ?? NONE;

// The simulation: arrivals join the pool; every tick, pair it and take the pairs out.
let pool: Seek[] = [];
let next = 0;
const waits: number[] = [];
const cpuMicros: number[] = [];
const wallMicros: number[] = [];
const poolSizes: number[] = [];
const paired = new Map<string, number>();
let incompatiblePairs = 0;
for (let now = TICK_MS; now <= ARRIVALS_MS + TAIL_MS; now += TICK_MS) {
  while (next < seeks.length && seeks[next].createdAt <= now) pool.push(seeks[next++]);
  poolSizes.push(pool.length);
  const cpu = process.cpuUsage();
  const wall = performance.now();
  const result = pair(pool, blockedBy);
  wallMicros.push((performance.now() - wall) * 1000);
  const used = process.cpuUsage(cpu);
  cpuMicros.push(used.user + used.system);
  for (const [a, b] of result.pairs) {
    if (!compatible(a, b, blockedBy)) incompatiblePairs++;
    for (const s of [a, b]) {
      paired.set(s.player, (paired.get(s.player) ?? 0) + 1);
      waits.push(now - s.createdAt);
    }
  }
  pool = result.remaining;
}

const percentile = (values: number[], p: number): number => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted.length ? sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] : NaN;
};
const ms = (n: number) => `${(n / 1000).toFixed(2)} s`;
const us = (n: number) => `${n.toFixed(0)} µs`;
const twice = [...paired.values()].filter((n) => n > 1).length;
const left = pool.length;
const leftWithRange = pool.filter((s) => s.range !== null).length;
const bySpeed = new Map<string, number>();
for (const s of seeks) bySpeed.set(speedOf(s.clock), (bySpeed.get(speedOf(s.clock)) ?? 0) + 1);

console.log(
  `pairing-bench: ${PLAYERS} players over ${ARRIVALS_MS / 1000} s simulated, paired every ${TICK_MS} ms, seed ${SEED}`,
);
console.log(`  seeks by speed: ${[...bySpeed].map(([speed, n]) => `${speed} ${n}`).join(', ')}`);
console.log(
  `  seeks with a range: ${seeks.filter((s) => s.range).length}; players blocking others: ${blocked.size}`,
);
console.log(
  `  paired: ${paired.size} players (${paired.size / 2} games); left unpaired after a ${TAIL_MS / 1000} s tail: ${left} (${leftWithRange} with a range)`,
);
console.log(`  players paired twice: ${twice}; pairs not compatible: ${incompatiblePairs}`);
console.log(
  `  time to pairing (simulated): p50 ${ms(percentile(waits, 50))}, p99 ${ms(percentile(waits, 99))}, max ${ms(Math.max(...waits))}`,
);
console.log(
  `  pool at a pairing: mean ${(poolSizes.reduce((a, b) => a + b, 0) / poolSizes.length).toFixed(1)}, max ${Math.max(...poolSizes)}`,
);
console.log(
  `  pair() per call, ${cpuMicros.length} calls: CPU p50 ${us(percentile(cpuMicros, 50))}, p99 ${us(percentile(cpuMicros, 99))}, max ${us(Math.max(...cpuMicros))}` +
    ` (wall p50 ${us(percentile(wallMicros, 50))}, p99 ${us(percentile(wallMicros, 99))}, max ${us(Math.max(...wallMicros))})`,
);
if (twice > 0 || incompatiblePairs > 0) process.exitCode = 1;
