import { spawnSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const BIN = fileURLToPath(new URL('../bin/dama.js', import.meta.url));
const FIXTURE = fileURLToPath(new URL('../../core/test/fixtures/referee.pdn', import.meta.url));
const dama = (args: string[]) => {
  const r = spawnSync(process.execPath, [BIN, ...args], { encoding: 'utf8', timeout: 60_000 });
  return { status: r.status, stdout: r.stdout, stderr: r.stderr };
};
const dir = mkdtempSync(path.join(tmpdir(), 'dama-pdn-'));
const file = (name: string, text: string) => {
  const p = path.join(dir, name);
  writeFileSync(p, text);
  return p;
};

describe('dama pdn', { timeout: 60_000 }, () => {
  it('prints one tab-separated line per game: number, result, ending, plies, final FEN', () => {
    const r = dama(['pdn', FIXTURE]);
    expect(r.stderr).toBe('');
    expect(r.status).toBe(0);
    const lines = r.stdout
      .trim()
      .split('\n')
      .map((l) => l.split('\t'));
    expect(lines.map((l) => l.slice(0, 4))).toEqual([
      ['1', '0-1', 'no-pieces', '68'],
      ['2', '1-0', 'no-pieces', '25'],
      ['3', '0-1', 'timeout', '24'],
    ]);
    expect(lines[1][4]).toBe('B:WKd2,a3,b4:B');
  });

  it('gives the result the rules decide over the Result tag, and counts games over all files', () => {
    // The rules end this game (one king each); a "*" Result tag cannot say otherwise.
    const drawn = file('drawn.pdn', '[FEN "W:WKa1,c3:BKh8"]\n1. a1-a2 h8-h3 2. a2-a3 h3xb3 *\n');
    const open = file('open.pdn', '1. c3-c4 f6-f5 *\n');
    const r = dama(['pdn', drawn, open]);
    expect(r.status).toBe(0);
    expect(r.stdout).toBe(
      '1\t1/2-1/2\tking-vs-king\t4\tW:WKa3:BKb3\n' +
        '2\t*\tunterminated\t2\tW:Wa2,b2,c2,d2,e2,f2,g2,h2,a3,b3,d3,e3,f3,g3,h3,c4:Bf5,a6,b6,c6,d6,e6,g6,h6,a7,b7,c7,d7,e7,f7,g7,h7\n',
    );
  });

  it('a malformed file: file:line:column: message on stderr, exit status 2, the good files still printed', () => {
    const bad = file('bad.pdn', '[Event "x"]\n\n1. c3-c4 f6-f5\n2. c4-c9 *\n');
    const illegal = file('illegal.pdn', '[White "a [b]"]\n1. c3-c4 f6-f5\n  2. c4-c6 *\n');
    const tag = file('tag.pdn', '[White "never closed]\n1. c3-c4 *\n');
    const r = dama(['pdn', bad, illegal, FIXTURE, tag]);
    expect(r.status).toBe(2);
    expect(r.stderr.split('\n').filter(Boolean)).toEqual([
      `${bad}:4:4: "c4-c9" is not a move, a move number or a result.`,
      `${illegal}:3:6: Move 2 (c4-c6): c4-c6 is not a legal move here.`,
      `${tag}:1:22: The value of the tag White is never closed with ".`,
    ]);
    expect(r.stdout.trim().split('\n')).toHaveLength(3);
  });

  it('refuses no file, an unreadable file and options', () => {
    expect(dama(['pdn']).status).toBe(2);
    const missing = dama(['pdn', path.join(dir, 'missing.pdn')]);
    expect(missing.status).toBe(2);
    expect(missing.stderr).toMatch(/missing\.pdn: ENOENT/);
    expect(dama(['pdn', '--paths', FIXTURE]).status).toBe(2);
  });
});

describe('flags', { timeout: 60_000 }, () => {
  it('a flag given a value is refused', () => {
    const r = dama(['perft', '--paths=x', '1']);
    expect(r.status).toBe(2);
    expect(r.stderr).toMatch(/--paths takes no value/);
  });
});
