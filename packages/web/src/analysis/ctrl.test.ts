// The analysis board's engine lifecycle over a fake worker: a search runs only while it should, and
// stops at once (its worker ended in the same call) when the tab is hidden, the engine is turned off
// or the screen is left; it comes back when the tab is shown again with the engine on. The state
// line never says "Thinking…" while no search runs.
import { describe, expect, it } from 'vitest';
import type { Board, BoardConfig } from '@dama/board';
import type { EngineResponse } from '@dama/engine';
import { fakeWorker } from '../lib/engine/fake-worker.ts';
import { catalog } from '../lib/i18n/index.ts';
import { defaultSettings } from '../lib/settings.ts';
import { AnalysisCtrl } from './ctrl.ts';
import { engineStateText } from './view.tsx';

function setup(query = '') {
  const workers: ReturnType<typeof fakeWorker>[] = [];
  const t = catalog('en');
  const ctrl = new AnalysisCtrl(
    {
      t: () => t,
      settings: () => defaultSettings('en'),
      spawnEngine: () => {
        const w = fakeWorker();
        workers.push(w);
        return w;
      },
      redraw: () => {},
      replaceHash: () => {},
      saveReview: () => {},
      playFrom: () => {},
      copy: async () => true,
    },
    { kind: 'link', query },
  );
  /** the searches sent to any worker so far */
  const searches = () => workers.flatMap((w) => w.sent.filter((m) => m.type === 'search'));
  /** the worker of the running search, if one runs */
  const running = () => workers.filter((w) => !w.terminated);
  const stateLine = () => engineStateText(t, ctrl.engineStatus, ctrl.currentThought, ctrl.position.turn);
  return { ctrl, workers, searches, running, stateLine, t };
}

const info = (id: number): Extract<EngineResponse, { type: 'info' }> => ({
  type: 'info',
  id,
  depth: 9,
  score: 20,
  nodes: 50_000,
  time: 100,
  nps: 500_000,
  pv: ['c3-c4'],
  lines: [{ score: 20, pv: ['c3-c4'] }],
});

describe('the analysis engine’s lifecycle', () => {
  it('thinks while shown, and says so', () => {
    const s = setup();
    s.ctrl.setHidden(false);
    expect(s.searches()).toHaveLength(1);
    expect(s.ctrl.engineStatus).toBe('thinking');
    expect(s.stateLine()).toBe('Thinking…');
    s.workers[0].reply(info(1));
    expect(s.stateLine()).toBe('depth 9 · 500k/s');
  });

  it('stops at once when the tab is hidden, says it rests, and starts again when shown', () => {
    const s = setup();
    const drawn: BoardConfig[] = [];
    s.ctrl.setBoard({ set: (c: BoardConfig) => void drawn.push(c) } as unknown as Board);
    s.ctrl.setHidden(false);
    s.workers[0].reply(info(1));
    expect(drawn.at(-1)?.arrows).toHaveLength(1);
    s.ctrl.setHidden(true);
    // the lines' arrows go with the search
    expect(drawn.at(-1)?.arrows).toEqual([]);
    // the search's worker is ended in the same call, not when the search would have ended
    expect(s.workers[0].terminated).toBe(true);
    expect(s.running()).toEqual([]);
    expect(s.ctrl.engine?.state).toBe('idle');
    expect(s.ctrl.engineStatus).toBe('hidden');
    expect(s.stateLine()).toBe('Paused while this tab is hidden');
    expect(s.stateLine()).not.toBe(s.t.anThinking);
    // a late message of the ended worker changes nothing
    s.workers[0].reply(info(1));
    expect(s.ctrl.currentThought).toBeUndefined();
    s.ctrl.setHidden(false);
    expect(s.searches()).toHaveLength(2);
    expect(s.running()).toHaveLength(1);
    expect(s.ctrl.engineStatus).toBe('thinking');
  });

  it('stops at once when turned off, and stays off when the tab is shown again', () => {
    const s = setup();
    s.ctrl.setHidden(false);
    s.ctrl.toggleEngine();
    expect(s.workers[0].terminated).toBe(true);
    expect(s.ctrl.engineStatus).toBe('off');
    s.ctrl.setHidden(true);
    s.ctrl.setHidden(false);
    expect(s.searches()).toHaveLength(1);
    expect(s.running()).toEqual([]);
    s.ctrl.toggleEngine();
    expect(s.searches()).toHaveLength(2);
    expect(s.ctrl.engineStatus).toBe('thinking');
  });

  it('stops at once when the screen is left, and never starts again', () => {
    const s = setup();
    s.ctrl.setHidden(false);
    s.ctrl.destroy();
    expect(s.workers[0].terminated).toBe(true);
    expect(s.running()).toEqual([]);
    s.ctrl.setHidden(true);
    s.ctrl.setHidden(false);
    s.ctrl.jump(0);
    expect(s.searches()).toHaveLength(1);
    expect(s.running()).toEqual([]);
  });
});

describe('the engine’s state line', () => {
  it('shows the tablebase’s verdict instead of a depth and speed that mean nothing', () => {
    const s = setup(`fen=${encodeURIComponent('B:WKa1,Kh1:Bd5')}`);
    s.ctrl.setHidden(false);
    // what the worker says of a position the tables decide: the tables' depth, and a speed
    s.workers[0].reply({
      ...info(1),
      depth: 127,
      nodes: 144_700,
      nps: 1_447_000,
      tb: { result: 'loss', plies: 13 },
    });
    expect(s.stateLine()).toBe('Tablebase: White wins in 7 moves');
    expect(s.stateLine()).not.toMatch(/depth|k\/s/);
    const tr = catalog('tr');
    expect(engineStateText(tr, 'thinking', s.ctrl.currentThought, 'black')).toBe(
      'Oyun sonu tablosu: Beyaz 7 hamlede kazanır',
    );
    s.workers[0].reply({ ...info(1), depth: 127, tb: { result: 'draw', plies: 0 } });
    expect(s.stateLine()).toBe('Tablebase: Draw with best play');
  });

  it('says why a stopped engine rests: a review running, or nothing to search', () => {
    const t = catalog('en');
    expect(engineStateText(t, 'reviewing', undefined, 'white')).toBe('Paused while the game is reviewed');
    expect(engineStateText(t, 'idle', undefined, 'white')).toBe('Stopped');
    expect(engineStateText(catalog('tr'), 'hidden', undefined, 'white')).toBe('Sekme gizliyken duraklatıldı');
  });
});

describe('the position editor', () => {
  it('refuses a FEN that names a square twice, and leaves the board as it was', () => {
    const { ctrl } = setup();
    ctrl.openEditor();
    const before = [...ctrl.editor!.pieces.entries()];
    ctrl.setFenText('W:Wa3,b3:Ba3,h7');
    ctrl.loadFen();
    expect(ctrl.editor!.error).toBe('Two pieces stand on one square (a3).');
    expect([...ctrl.editor!.pieces.entries()]).toEqual(before);
  });

  it('refuses a set-up where a side has no piece, with the catalogue’s message', () => {
    const { ctrl } = setup();
    ctrl.openEditor();
    ctrl.setFenText('W:Wa3,b3:B');
    ctrl.loadFen();
    expect(ctrl.editor!.error).toBeUndefined();
    expect(ctrl.applyEditor()).toBe(false);
    expect(ctrl.editor!.error).toBe('Each side needs at least one piece on the board.');
    // with a black piece added, it is taken
    ctrl.setFenText('W:Wa3,b3:Bh7');
    ctrl.loadFen();
    expect(ctrl.applyEditor()).toBe(true);
    expect(ctrl.editor).toBeUndefined();
  });
});
