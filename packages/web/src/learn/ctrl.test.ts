// The Learn screen without a DOM: a level played to 3 stars, a wrong try answered and restarted (its
// refutation drawn jump by jump), a "squares" level, and the progress kept through the app's
// storage (a corrupt record set aside).
import { describe, expect, it } from 'vitest';
import { parseNotation, unwrap } from '@dama/core';
import { toPath } from '../lib/adapter.ts';
import { defaultSettings } from '../lib/settings.ts';
import { MemoryKv } from '../lib/memory-kv.ts';
import { LearnCtrl } from './ctrl.ts';
import { judgeMove } from './judge.ts';
import { LEARN_KEY, loadProgress } from './progress.ts';
import { homeLearn } from './home-status.ts';
import { catalog } from '../lib/i18n/index.ts';

function make(kv = new MemoryKv(), onWait: (ctrl: LearnCtrl) => void = () => {}) {
  const ctrl: LearnCtrl = new LearnCtrl({
    kv,
    now: () => 1_700_000_000_000,
    lang: () => 'en',
    settings: () => defaultSettings('en'),
    redraw: () => {},
    wait: async () => onWait(ctrl),
  });
  return { ctrl, kv };
}

async function play(ctrl: LearnCtrl, notation: string): Promise<void> {
  await ctrl.userMove(toPath(unwrap(parseNotation(ctrl.shown, notation))));
}

describe('LearnCtrl', () => {
  it('plays a level to 3 stars and keeps them', async () => {
    const { ctrl, kv } = make();
    ctrl.open('capture2');
    await play(ctrl, 'c4xe4');
    expect(ctrl.phase).toBe('play');
    expect(ctrl.left).toBe(1);
    const last = ctrl.shown.legalMoves()[0];
    await ctrl.userMove(toPath(last));
    expect(ctrl.phase).toBe('done');
    expect(ctrl.feedback).toEqual({ kind: 'done', stars: 3 });
    expect(loadProgress(kv).progress.stars.capture2).toBe(3);
    expect(ctrl.next?.id).toBe('capture3');
    expect(homeLearn(kv, catalog('en')).done).toBe(1);
  });

  it('answers a wrong move, restarts, and gives fewer stars', async () => {
    const { ctrl } = make();
    ctrl.open('compulsory3');
    const goal = ctrl.level!.goal;
    const wrong = ctrl.shown
      .legalMoves()
      .find((m) => judgeMove(goal, ctrl.start, ctrl.shown, m, ctrl.left).kind === 'wrong')!;
    await ctrl.userMove(toPath(wrong));
    expect(ctrl.tries).toBe(1);
    expect(ctrl.feedback.kind).toBe('retry');
    expect(ctrl.shown.equals(ctrl.start)).toBe(true);
    await play(ctrl, 'g3-f3');
    while (ctrl.phase === 'play') await ctrl.userMove(toPath(ctrl.shown.legalMoves()[0]));
    expect(ctrl.feedback).toEqual({ kind: 'done', stars: 2 });
  });

  it('shows why a move loses: the refutation on the board, one arrow a jump, and its threat', async () => {
    const shown: Pick<LearnCtrl, 'arrows' | 'feedback'>[] = [];
    const { ctrl } = make(undefined, (c) => shown.push({ arrows: c.arrows, feedback: c.feedback }));
    ctrl.open('together2');
    await play(ctrl, 'g3-g4');
    // before the restart: the capture through b4 and c3, along the ranks and files
    expect(shown.at(-1)).toEqual({
      arrows: [
        { from: 'a4', to: 'c4', brush: 'bad' },
        { from: 'c4', to: 'c2', brush: 'bad' },
      ],
      feedback: { kind: 'wrong', move: 'g3-g4', answer: 'a4xc4xc2' },
    });
    expect(ctrl.feedback.kind).toBe('retry');
    expect(ctrl.arrows).toEqual([]);
    // a quiet answer: the capture it threatens next is drawn after it
    ctrl.open('backRows2');
    await play(ctrl, 'a2-b2');
    expect(shown.at(-1)).toEqual({
      arrows: [
        { from: 'c3', to: 'c2', brush: 'bad' },
        { from: 'c2', to: 'a2', brush: 'bad' },
      ],
      feedback: { kind: 'wrong', move: 'a2-b2', answer: 'c3-c2' },
    });
  });

  it('finds every square of a squares level; a wrong tap restarts it', async () => {
    const { ctrl } = make();
    ctrl.open('longCapture2');
    expect(ctrl.targets.length).toBe(3);
    await ctrl.tapSquare(0); // a1: no move ends there
    expect(ctrl.tries).toBe(1);
    for (const sq of ctrl.targets) await ctrl.tapSquare(sq);
    expect(ctrl.feedback).toEqual({ kind: 'done', stars: 2 });
  });

  it('sets a corrupt record aside and starts afresh; other keys untouched', () => {
    const kv = new MemoryKv();
    kv.setItem(LEARN_KEY, '{"v":1,"stars":{"man1":7}');
    kv.setItem('dama.settings.v1', '{"x":1}');
    const { ctrl } = make(kv);
    expect(ctrl.trouble).toBe('corrupt');
    expect(ctrl.progress.stars).toEqual({});
    expect(kv.getItem(LEARN_KEY)).toBeNull();
    expect([...kv.map.keys()].some((k) => k.startsWith(`${LEARN_KEY}.unreadable.`))).toBe(true);
    expect(kv.getItem('dama.settings.v1')).toBe('{"x":1}');
  });
});
