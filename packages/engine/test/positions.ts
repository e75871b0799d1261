import { makeRng, randomPosition, type Position } from '@dama/core';

/** `n` random positions (0–13 men and 0–2 kings a side), the same for the same `seed`. */
export function randomPositions(seed: number, n: number): Position[] {
  const rng = makeRng(seed);
  return Array.from({ length: n }, () =>
    randomPosition(
      rng,
      [Math.floor(rng() * 14), Math.floor(rng() * 14)],
      [Math.floor(rng() * 3), Math.floor(rng() * 3)],
    ),
  );
}
