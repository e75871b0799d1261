import { describe, expect, it } from 'vitest';
import { HubProtocol, parseLine } from '../src/protocol.ts';

function session(lines: string[]): string[] {
  const out: string[] = [];
  const p = new HubProtocol((l) => out.push(l));
  for (const l of lines) if (!p.handle(l)) break;
  return out;
}

describe('protocol', () => {
  it('parses arguments with quotes', () => {
    const { command, args } = parseLine('pos fen=W:Wa2:Bh7 moves="c3-c4 f6-f5" flag');
    expect(command).toBe('pos');
    expect(args.get('fen')).toBe('W:Wa2:Bh7');
    expect(args.get('moves')).toBe('c3-c4 f6-f5');
    expect(args.get('flag')).toBe('');
  });

  it('answers the handshake, ignores unknown commands and stops at quit', () => {
    const out = session(['hub', 'init', 'frobnicate x=1', 'ping', 'quit', 'ping']);
    expect(out[0]).toMatch(/^id name=Dama version=/);
    expect(out.slice(-3)).toEqual(['wait', 'ready', 'pong']);
  });

  it('thinks from a position with moves and answers done with a legal move', () => {
    const out = session(['pos moves="c3-c4 f6-f5"', 'level depth=4', 'go think']);
    expect(out.filter((l) => l.startsWith('info ')).length).toBe(4);
    expect(out[0]).toMatch(/^info depth=1 .*score=-?\d+\.\d\d nodes=\d+ time=\d+\.\d+ .*pv="/);
    expect(out.at(-1)).toMatch(/^done move=[a-h][1-8][-x][a-h][1-8]/);
  });

  it('plays the only capture and reports errors in positions', () => {
    const out = session([
      'pos fen=W:Wd4:Bd5',
      'set-param name=level value=easy',
      'level nodes=100',
      'go think',
    ]);
    expect(out.at(-1)).toBe('done move=d4xd6');
    expect(session(['pos fen=nonsense'])[0]).toMatch(/^error message=/);
  });
});

describe('protocol: a refused position', () => {
  it('leaves no position: go answers an error and no move, until a good pos', () => {
    const out = session(['pos fen=W:Wd4:Bd5', 'level depth=2', 'pos fen=W:Wz9:Bd5', 'go think']);
    expect(out).toHaveLength(2);
    expect(out[0]).toMatch(/^error message="/);
    expect(out[1]).toMatch(/^error message="No position/);
    expect(out.some((l) => l.startsWith('done'))).toBe(false);
    const again = session([
      'pos moves="c3-c4 c3-c4"',
      'go think',
      'pos fen=W:Wd4:Bd5',
      'level depth=2',
      'go think',
    ]);
    expect(again[0]).toMatch(/^error message=/);
    expect(again[1]).toMatch(/^error message="No position/);
    expect(again.at(-1)).toBe('done move=d4xd6');
  });

  it('accepts men on rank 1 or 8 as the CLI does', () => {
    const out = session(['pos fen=W:Wb6:Bb7,d8', 'level depth=2', 'go think']);
    expect(out.at(-1)).toBe('done move=b6xb8');
  });
});
