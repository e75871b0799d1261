import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const BIN = fileURLToPath(new URL('../bin/dama.js', import.meta.url));
const dama = (args: string[], input?: string) => {
  const r = spawnSync(process.execPath, [BIN, ...args], { input, encoding: 'utf8', timeout: 60_000 });
  return { status: r.status, stdout: r.stdout, stderr: r.stderr };
};

describe('dama perft', () => {
  it('prints one line per depth starting with depth and nodes', () => {
    const r = dama(['perft', '5']);
    expect(r.status).toBe(0);
    expect(
      r.stdout
        .trim()
        .split('\n')
        .map((l) => l.split(' ').slice(0, 2).join(' ')),
    ).toEqual(['1 8', '2 64', '3 708', '4 7538', '5 85090']);
  });
  it('counts paths with --paths from a FEN', () => {
    const r = dama(['perft', '--fen', 'W:WKa1:Ba3,c5,e3,c1', '--paths', '1']);
    expect(r.stdout.split(' ').slice(0, 2)).toEqual(['1', '4']);
    expect(dama(['perft', '--fen', 'W:WKa1:Ba3,c5,e3,c1', '1']).stdout.split(' ')[1]).toBe('3');
  });
});

describe('dama moves', () => {
  it('lists the moves of a FEN on one line', () => {
    expect(dama(['moves', 'W:WKd4:Bb4,f4']).stdout).toBe('d4xa4 d4xg4 d4xh4\n');
    expect(dama(['moves', 'W:Wb6:Bb7,d8']).stdout).toBe('b6xb8\n');
  });
  it('answers each line of standard input with one line, empty when there is no move', () => {
    const r = dama(['moves'], 'W:WKd4:Bb4,f4\nB:WKa1,Kb2,c2:Ba2\n\nW:Wb6:Bb7,d8\n');
    expect(r.status).toBe(0);
    expect(r.stdout).toBe('d4xa4 d4xg4 d4xh4\n\nb6xb8\n');
  });
});

describe('bad input', () => {
  it.each([
    [['perft']],
    [['perft', 'x']],
    [['perft', '--fen', 'W:Wa9', '3']],
    [['perft', '--bogus', '3']],
    [['moves', 'W:Wa2,a2']],
    [['moves', 'not a fen']],
    [['show']],
    [['frobnicate']],
    [['puzzles', 'verify', '--today', '2026-13-01']],
    [['puzzles', 'respace', '--today', '2026-13-01']],
    [['puzzles', 'respace', '--dry-run=yes']],
  ])('%j exits with 2 and one line on stderr', (args) => {
    const r = dama(args);
    expect(r.status).toBe(2);
    expect(r.stderr.trim().split('\n')).toHaveLength(1);
    expect(r.stderr).toMatch(/^dama: /);
  });
  it('a bad FEN on standard input stops with 2 after answering the lines before it', () => {
    const r = dama(['moves'], 'W:WKd4:Bb4,f4\nW:Zz\nW:Wb6:Bb7,d8\n');
    expect(r.status).toBe(2);
    expect(r.stdout).toBe('d4xa4 d4xg4 d4xh4\n');
    expect(r.stderr).toMatch(/bad FEN/);
  });
});

describe('dama show', () => {
  it('draws the board', () => {
    const r = dama(['show', 'W:Wa2,Kd5:Ba7,Kh8']);
    expect(r.stdout).toContain('8 | . . . . . . . B |');
    expect(r.stdout).toContain('5 | . . . W . . . . |');
    expect(r.stdout).toContain('White to move');
  });
});

describe('dama puzzles verify', () => {
  it('reports near-duplicates split at --today, guessable puzzles and the line rules, re-proving nothing with --sample 0', () => {
    const r = dama(['puzzles', 'verify', '--sample', '0', '--today', '2026-12-10']);
    expect(r.stderr).toBe('');
    // `dama puzzles respace` left no near-duplicate within 60 days, published or future.
    expect(r.stdout).toMatch(
      /near-duplicates \(distance ≤ 2\): daily pairs within 60 days 0 published, 0 future \(today 2026-12-10\); training–daily pairs 0 \(0 training puzzles\)/,
    );
    expect(r.stdout).toContain('  published: none\n  future: none\n  training–daily: none\n');
    expect(r.stdout).toMatch(
      /guessable \(fewer than 4 first moves to choose from\):\n {2}daily: 0 .*\n {2}training: 0 /,
    );
    // The third edition's line rules: none broken where they hold (the dates before 2026-12-08
    // only reported).
    expect(r.stdout).toMatch(
      /line rules \(held from 2026-12-08 and in training; the dates before only reported\):\n {2}daily: chasing a lone piece \d+, reflex first move \d+\n {2}training: chasing a lone piece 0, reflex first move 0\n/,
    );
    // Nothing fails across the banks.
    expect(r.stdout.split('\n').filter((line) => line.startsWith('bank: '))).toEqual([]);
    expect(r.status).toBe(0);
    expect(r.stdout).toMatch(/ok: re-proved a sample of 0 a bank .*, 0 in all, 0 failed/);
  });
});
