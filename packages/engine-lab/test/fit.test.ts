/**
 * The training pipeline's fit stage started from given weights (`--init`): with no step size it
 * writes those weights back byte for byte; with the scalars alone free (`--free scalars`) it keeps
 * every pattern weight and moves the scalars; with everything free it moves the patterns too. The
 * network's fit started from the shipped network (`--keep-net`) writes it back unchanged with no step.
 */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Game, hasCapture, makeRng } from '@dama/core';
import { afterAll, describe, expect, it } from 'vitest';
import { decodeWeights, netEvaluateReference, netSided, type PatternWeights } from '@dama/engine';
import { loadWeightsFile, WEIGHTS_FILE } from '@dama/engine/node';
import { classWeightsOf, encodeWeights } from '../src/index.ts';
import { encodeRecord, loadRecords, RECORD_BYTES } from '../scripts/train/data.ts';
import { fit, type FitOptions } from '../scripts/train/fit.ts';
import { netFit } from '../scripts/train/netfit.ts';

const root = mkdtempSync(join(tmpdir(), 'dama-fit-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));

/** Quiet positions of random games, each game's records with the result of its last move's side. */
function writeData(dir: string, games: number): void {
  const rng = makeRng(5);
  const chunks: Uint8Array[] = [];
  const board = new Int32Array(6);
  for (let g = 0; g < games; g++) {
    const game = new Game();
    const rows: { board: Int32Array; turn: number }[] = [];
    while (!game.isOver() && game.plies < 150) {
      const pos = game.position;
      board.set([pos.wLo, pos.wHi, pos.bLo, pos.bHi, pos.kLo, pos.kHi]);
      if (!hasCapture(board, pos.turnIndex)) rows.push({ board: board.slice(), turn: pos.turnIndex });
      const legal = pos.legalMoves();
      game.play(legal[Math.floor(rng() * legal.length)]);
    }
    const winner = game.outcome()?.winner;
    const white = winner === 'white' ? 2 : winner === 'black' ? 0 : 1;
    const bytes = new Uint8Array(rows.length * RECORD_BYTES);
    const view = new DataView(bytes.buffer);
    rows.forEach((r, i) => encodeRecord(view, i * RECORD_BYTES, r.board, r.turn, white, 0));
    chunks.push(bytes);
  }
  writeFileSync(join(dir, 'games-1.bin'), Buffer.concat(chunks));
}

describe('fit from given weights', () => {
  const data = mkdtempSync(join(root, 'data-'));
  writeData(data, 30);
  const records = loadRecords(data);
  const shipped = loadWeightsFile();
  const run = (name: string, options: Partial<FitOptions>): PatternWeights => {
    const out = join(root, `${name}.bin`);
    fit(records, {
      epochs: 1,
      lambda: 1,
      rate: 2,
      l2: 0,
      validShare: 0.1,
      seed: 1,
      out,
      init: shipped,
      log: () => {},
      ...options,
    });
    const decoded = decodeWeights(new Uint8Array(readFileSync(out)));
    if (!decoded.ok) throw new Error(decoded.error.message);
    return decoded.value;
  };
  const firstDifference = (a: ArrayLike<number>, b: ArrayLike<number>) => {
    for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return i;
    return -1;
  };

  it('writes the starting weights back unchanged when it takes no step', () => {
    expect(records.count).toBeGreaterThan(1000);
    run('still', { rate: 0 });
    // The patterns come back byte for byte; a network of the starting weights is not kept (it was
    // fitted to what the old patterns left, so a refit of the patterns drops it: refit it with netfit).
    const { classWeights, scalarWeights } = classWeightsOf(loadWeightsFile(WEIGHTS_FILE));
    expect(
      Buffer.compare(readFileSync(join(root, 'still.bin')), encodeWeights(classWeights, scalarWeights)),
    ).toBe(0);
  });

  it('keeps every pattern weight with the scalars alone free, and moves the scalars', () => {
    const w = run('scalars', { free: 'scalars' });
    expect(firstDifference(w.table, shipped.table)).toBe(-1);
    expect(firstDifference(w.scalars, shipped.scalars)).not.toBe(-1);
  });

  it('moves the patterns too with everything free', () => {
    const w = run('all', { free: 'all' });
    expect(firstDifference(w.table, shipped.table)).not.toBe(-1);
  });
});

describe('netfit from the shipped network', () => {
  const data = mkdtempSync(join(root, 'netdata-'));
  writeData(data, 20);
  const records = loadRecords(data);
  const shipped = loadWeightsFile();
  // The shipped network is sided since session 20; this is an unsided one of the same size.
  const unsided = { ...shipped.net!, out: shipped.net!.out.subarray(0, shipped.net!.hidden) };
  const options = (out: string, hidden: number, sided = netSided(shipped.net!), start = shipped.net) => ({
    hidden,
    sided,
    epochs: 1,
    lambda: 1,
    rate: 0,
    batch: 256,
    l2: 0.0001,
    validShare: 0.1,
    seed: 1,
    start,
    out,
    log: () => {},
  });

  it('writes the shipped weights back byte for byte when it takes no step', () => {
    expect(shipped.net).toBeDefined();
    const out = join(root, 'net-still.bin');
    netFit(records, shipped, options(out, shipped.net!.hidden));
    expect(Buffer.compare(readFileSync(out), readFileSync(WEIGHTS_FILE))).toBe(0);
  });

  it('starts a sided fit as the same function as the unsided network (own = out, other = −out)', () => {
    const out = join(root, 'net-sided.bin');
    const net = netFit(records, shipped, options(out, shipped.net!.hidden, true, unsided));
    expect(netSided(net)).toBe(true);
    expect(netSided(unsided)).toBe(false);
    const written = decodeWeights(readFileSync(out));
    expect(written.ok && netSided(written.value.net!)).toBe(true);
    let nonzero = 0;
    for (let i = 0; i < records.count; i++) {
      const board = records.boards.subarray(i * 6, i * 6 + 6);
      for (const turn of [0, 1]) {
        const a = netEvaluateReference(unsided, board, turn);
        expect(netEvaluateReference(net, board, turn)).toBe(a);
        if (a !== 0) nonzero++;
      }
    }
    expect(nonzero).toBeGreaterThan(records.count);
  });

  it('refuses to fit a sided starting network as an unsided one', () => {
    const out = unsided.out;
    const sided = { ...unsided, out: Int16Array.from([...out, ...out.map((x) => -x)]) };
    expect(netSided(sided)).toBe(true);
    const bad = join(root, 'net-unsided.bin');
    expect(() => netFit(records, shipped, options(bad, sided.hidden, false, sided))).toThrow(/sided/);
  });

  it('refuses a starting network of another size', () => {
    expect(() =>
      netFit(records, shipped, options(join(root, 'net-bad.bin'), shipped.net!.hidden + 1)),
    ).toThrow(/hidden units/);
  });
});
