/**
 * What a folder of training records looks like (train/data.ts): how lopsided its positions are (the
 * stored search score), how often the score's sign agrees with the game's result, how the results
 * split, and how many men are on the board. Used to compare self-play made with different settings
 * before fitting on it (docs/engine/log.md, "Session 17").
 *
 * Usage: npx tsx packages/engine-lab/scripts/datastats.ts DIR...
 */
import { popcount } from '@dama/core';
import { MAX_SCORE, loadRecords } from './train/data.ts';

const dirs = process.argv.slice(2);
if (dirs.length === 0) {
  console.error('usage: datastats.ts DIR...');
  process.exit(2);
}
for (const dir of dirs) {
  const r = loadRecords(dir);
  if (r.count === 0) {
    console.log(`${dir}: no records`);
    continue;
  }
  let sumAbs = 0;
  let clamped = 0;
  let under1 = 0;
  let under3 = 0;
  let decisive = 0;
  let agree = 0;
  let won = 0;
  let drawn = 0;
  let pieces = 0;
  for (let i = 0; i < r.count; i++) {
    const s = r.scores[i];
    const a = Math.abs(s);
    sumAbs += a;
    if (a >= MAX_SCORE) clamped++;
    if (a < 100) under1++;
    if (a < 300) under3++;
    const res = r.results[i];
    if (res === 1) won++;
    else if (res === 0.5) drawn++;
    if (res !== 0.5 && s !== 0) {
      decisive++;
      if (s > 0 === (res === 1)) agree++;
    }
    for (let h = 0; h < 4; h++) pieces += popcount(r.boards[i * 6 + h]);
  }
  const pct = (x: number) => `${((100 * x) / r.count).toFixed(1)}%`;
  console.log(
    `${dir}: ${r.count} records; mean |score| ${(sumAbs / r.count / 100).toFixed(2)} men, ` +
      `under 1 man ${pct(under1)}, under 3 men ${pct(under3)}, at the clamp ${pct(clamped)}; ` +
      `score sign agrees with the result ${((100 * agree) / decisive).toFixed(1)}% of decisive; ` +
      `side to move won ${pct(won)}, drew ${pct(drawn)}; mean pieces ${(pieces / r.count).toFixed(1)}`,
  );
}
