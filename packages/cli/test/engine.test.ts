import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const BIN = fileURLToPath(new URL('../bin/dama.js', import.meta.url));

/** `dama engine` as another program drives it: lines in, lines out, and the moment it exits. */
function engine() {
  const child = spawn(process.execPath, [BIN, 'engine'], {
    stdio: ['pipe', 'pipe', 'pipe'],
    env: { ...process.env, DAMA_TB: '/nonexistent' },
  });
  const lines: string[] = [];
  const waiters: { test: (l: string) => boolean; resolve: () => void }[] = [];
  let buffer = '';
  child.stdout.setEncoding('utf8');
  child.stdout.on('data', (chunk: string) => {
    buffer += chunk;
    let nl: number;
    while ((nl = buffer.indexOf('\n')) >= 0) {
      const line = buffer.slice(0, nl);
      buffer = buffer.slice(nl + 1);
      lines.push(line);
      for (const w of [...waiters])
        if (w.test(line)) {
          waiters.splice(waiters.indexOf(w), 1);
          w.resolve();
        }
    }
  });
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  return {
    lines,
    exited,
    write: (text: string) => child.stdin.write(text),
    end: () => child.stdin.end(),
    /** Resolves when a line matching `re` arrives (counting lines already seen). */
    until: (re: RegExp, nth = 1) =>
      new Promise<void>((resolve) => {
        let seen = lines.filter((l) => re.test(l)).length;
        if (seen >= nth) return resolve();
        waiters.push({ test: (l) => re.test(l) && ++seen >= nth, resolve });
      }),
  };
}

/** The search below would run for a minute; every test ends well within the test's timeout. */
const LONG = 'level move-time=60\n';

describe('dama engine, as other programs use it', () => {
  it(
    'stop followed at once by pos and go in the same write stops the running search',
    { timeout: 40_000 },
    async () => {
      const e = engine();
      e.write(`${LONG}go think\n`);
      await e.until(/^info depth=/);
      e.write('stop\npos fen=W:Wd4:Bd5\nlevel depth=3\ngo think\n');
      await e.until(/^done/, 2);
      const done = e.lines.filter((l) => l.startsWith('done'));
      expect(done[0]).toMatch(/^done move=[a-h][1-8]-[a-h][1-8]$/); // the start position's answer
      expect(done[1]).toBe('done move=d4xd6'); // the next search ran to its own limit, not stopped
      e.write('quit\n');
      expect(await e.exited).toBe(0);
    },
  );

  it('quit during a search ends the process at once', { timeout: 40_000 }, async () => {
    const e = engine();
    e.write(`${LONG}go think\n`);
    await e.until(/^info depth=/);
    e.write('quit\n');
    expect(await e.exited).toBe(0);
    expect(e.lines.some((l) => l.startsWith('done'))).toBe(false);
  });

  it('the end of the input during a search ends the process at once', { timeout: 40_000 }, async () => {
    const e = engine();
    e.write(`${LONG}go think\n`);
    await e.until(/^info depth=/);
    e.end();
    expect(await e.exited).toBe(0);
  });

  it(
    'accepts composed positions with men on rank 1 or 8, as dama analyse does',
    { timeout: 40_000 },
    async () => {
      const e = engine();
      // RULES.md's small case: a man that promotes by capturing does not go on as a king.
      e.write('pos fen=W:Wb6:Bb7,d8\nlevel depth=2\ngo think\n');
      await e.until(/^done/);
      expect(e.lines.filter((l) => l.startsWith('error'))).toEqual([]);
      expect(e.lines.at(-1)).toBe('done move=b6xb8');
      e.write('quit\n');
      expect(await e.exited).toBe(0);
    },
  );
});
