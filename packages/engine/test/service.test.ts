import { describe, expect, it } from 'vitest';
import { EngineService, type EngineResponse } from '../src/service.ts';

describe('engine service (worker messages)', () => {
  it('runs only the latest of queued requests and cancels the others', () => {
    const out: EngineResponse[] = [];
    const tasks: (() => void)[] = [];
    const service = new EngineService(
      (r) => out.push(r),
      (t) => tasks.push(t),
    );
    service.receive({ type: 'search', id: 1, limits: { depth: 3 } });
    service.receive({ type: 'search', id: 2, moves: ['c3-c4'], limits: { depth: 3 } });
    for (const t of tasks.splice(0)) t();
    const done = out.filter((r) => r.type === 'done');
    expect(done.map((d) => [d.id, d.cancelled])).toEqual([
      [1, true],
      [2, false],
    ]);
    const last = done[1];
    expect(last.type === 'done' && last.notation).toMatch(/^[a-h][1-8]-[a-h][1-8]$/);
    expect(out.some((r) => r.type === 'info' && r.id === 2)).toBe(true);
  });

  it('reports a bad move list as an error', () => {
    const out: EngineResponse[] = [];
    const service = new EngineService(
      (r) => out.push(r),
      (t) => t(),
    );
    service.receive({ type: 'search', id: 7, moves: ['a1-a2'] });
    expect(out[0]).toMatchObject({ type: 'error', id: 7 });
  });

  it('stops at once through a shared flag', () => {
    const out: EngineResponse[] = [];
    const buffer = new SharedArrayBuffer(4);
    const flag = new Int32Array(buffer);
    const service = new EngineService(
      (r) => {
        out.push(r);
        if (r.type === 'info' && r.depth === 2) Atomics.store(flag, 0, 1);
      },
      (t) => t(),
    );
    service.receive({ type: 'init', stopBuffer: buffer, hashMegabytes: 1 });
    service.receive({ type: 'search', id: 1, limits: { depth: 40 } });
    const done = out.find((r) => r.type === 'done');
    expect(done).toMatchObject({ type: 'done', id: 1, cancelled: false });
    expect(done?.type === 'done' && done.depth).toBeLessThan(6);
  });
});
