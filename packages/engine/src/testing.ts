/**
 * Helpers shared by the tests, the self-play check and the scripts: random legal positions (from
 * core's seeded PRNG).
 */
import { Position, type Placement } from '@dama/core';

/** The tests' seeded PRNG: core's, as a function returning floats in [0, 1). */
export { makeRng } from '@dama/core';

/** A random legal position with the given numbers of men and kings per side (White, then Black). */
export function randomPosition(
  rng: () => number,
  men: [number, number],
  kings: [number, number],
  turn: 'white' | 'black' = rng() < 0.5 ? 'white' : 'black',
): Position {
  const used = new Set<number>();
  const pieces: Placement[] = [];
  const put = (color: 'white' | 'black', role: 'man' | 'king') => {
    let sq: number;
    do sq = role === 'man' ? 8 + Math.floor(rng() * 48) : Math.floor(rng() * 64);
    while (used.has(sq));
    used.add(sq);
    pieces.push({ square: sq, color, role });
  };
  for (let i = 0; i < men[0]; i++) put('white', 'man');
  for (let i = 0; i < men[1]; i++) put('black', 'man');
  for (let i = 0; i < kings[0]; i++) put('white', 'king');
  for (let i = 0; i < kings[1]; i++) put('black', 'king');
  const r = Position.fromSetup({ turn, pieces });
  if (!r.ok) throw new Error(r.error.message);
  return r.value;
}
