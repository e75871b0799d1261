import { describe, expect, it } from 'vitest';
import { Game, makeNotation, parsePosition, unwrap } from '@dama/core';
import type { SearchAnswer, SearchAsk } from '../lib/engine/client.ts';
import { en } from '../lib/i18n/en.ts';
import { defaultSettings } from '../lib/settings.ts';
import type { GameRecord, SavedGame } from '../lib/record.ts';
import {
  defaultSetup,
  FIRST_LEVEL,
  MASTER_LEVEL,
  PLAY_LEVELS,
  type GameSetup,
  type PlayLevel,
} from '../lib/setup.ts';
import { AUTO_SHOWN_MS, GameCtrl, REPLY_PACE_MS, type GameEnv } from './ctrl.ts';
import { resultLine } from '../lib/result.ts';
import { FAST_THINK_MS, LADDER, LEVEL_SETTINGS } from '@dama/engine';
import type { Board, BoardConfig } from '@dama/board';

/** An engine that answers when told to, with the first legal move and a chosen score. */
class FakeEngine {
  state: 'idle' | 'computing' | 'failed' = 'idle';
  asks: SearchAsk[] = [];
  private resolve: ((a: SearchAnswer | undefined) => void) | undefined;
  score = 0;
  tb: SearchAnswer['tb'];
  search(ask: SearchAsk): Promise<SearchAnswer | undefined> {
    this.resolve?.(undefined);
    this.asks.push(ask);
    this.state = 'computing';
    return new Promise((r) => (this.resolve = r));
  }
  stop() {
    this.resolve?.(undefined);
    this.resolve = undefined;
    this.state = 'idle';
  }
  /** answer the last question with the first legal move of its position */
  async answer(): Promise<void> {
    const ask = this.asks[this.asks.length - 1];
    const g = new Game(unwrap(parsePosition(ask.fen)));
    // the moves as the worker takes them: each the legal move along its squares
    for (const m of ask.moves) {
      const along = g.position
        .legalMovesAllPaths()
        .find((l) => l.from === m.from && l.path.join() === m.path.join());
      unwrap(g.play(along!));
    }
    const move = g.position.legalMoves()[0];
    const r = this.resolve;
    this.resolve = undefined;
    this.state = 'idle';
    r?.({
      move,
      notation: move ? makeNotation(move) : '',
      score: this.score,
      depth: 1,
      ...(this.tb ? { tb: this.tb } : {}),
    });
    await Promise.resolve();
    await Promise.resolve();
  }
}

function setupCtrl(
  setup: Partial<GameSetup> = {},
  game?: Game,
  settings = defaultSettings('en'),
  wait?: (ms: number) => Promise<void>,
) {
  const engine = new FakeEngine();
  let now = 1000;
  const persisted: { current: SavedGame | undefined; finished?: GameRecord }[] = [];
  const said: string[] = [];
  const env: GameEnv = {
    engine,
    sound: { play: () => {}, vibrate: () => {} },
    now: () => now,
    random: () => 0.5,
    trans: () => en,
    settings: () => settings,
    redraw: () => {},
    persist: (current, finished) => persisted.push({ current, ...(finished ? { finished } : {}) }),
    announce: (t) => said.push(t),
    fastEngine: false,
    ...(wait ? { wait } : {}),
  };
  const ctrl = new GameCtrl(env, { setup: { ...defaultSetup(), ...setup }, ...(game ? { game } : {}) });
  return { ctrl, engine, persisted, said, advance: (ms: number) => (now += ms) };
}

const path = (from: string, to: string) => ({ from, path: [to], captures: [] }) as never;

describe('GameCtrl against the computer', () => {
  it('plays the reply, saves after every move and announces moves', async () => {
    const { ctrl, engine, persisted, said } = setupCtrl();
    expect(ctrl.canPlay()).toBe(true);
    ctrl.userMove(path('c3', 'c4'));
    expect(ctrl.engineThinking).toBe(true);
    expect(ctrl.canPlay()).toBe(false);
    expect(engine.asks[0]).toMatchObject({ moves: [{ from: 18, path: [26] }], level: FIRST_LEVEL }); // c3-c4
    await engine.answer();
    expect(ctrl.game.plies).toBe(2);
    expect(ctrl.canPlay()).toBe(true);
    expect(persisted.at(-1)?.current?.pdn).toContain('1. c3-c4');
    expect(said[0]).toBe('White: c3-c4');
  });

  it('refuses an illegal move from the board', () => {
    const { ctrl } = setupCtrl();
    ctrl.userMove(path('c3', 'c5'));
    expect(ctrl.game.plies).toBe(0);
  });

  it('undo takes back the reply and the move; while the computer thinks, only the move', async () => {
    const { ctrl, engine } = setupCtrl();
    ctrl.userMove(path('c3', 'c4'));
    await engine.answer();
    ctrl.undo();
    expect(ctrl.game.plies).toBe(0);
    ctrl.userMove(path('d3', 'd4'));
    expect(ctrl.engineThinking).toBe(true);
    ctrl.undo();
    expect(ctrl.game.plies).toBe(0);
    expect(ctrl.engineThinking).toBe(false);
  });

  it('as Black, the computer opens, and its lone move cannot be taken back', async () => {
    const { ctrl, engine } = setupCtrl({ playerColor: 'black' });
    expect(ctrl.engineThinking).toBe(true);
    await engine.answer();
    expect(ctrl.game.plies).toBe(1);
    expect(ctrl.canUndo()).toBe(false);
    expect(ctrl.orientation()).toBe('black');
  });

  it('the computer replies at a human pace by level, with the thinking sign; or at once when asked', async () => {
    const waits: number[] = [];
    let go: () => void = () => {};
    const wait = (ms: number) => {
      waits.push(ms);
      return new Promise<void>((r) => (go = r));
    };
    const { ctrl, engine } = setupCtrl({ level: 7 }, undefined, defaultSettings('en'), wait);
    ctrl.userMove(path('c3', 'c4'));
    await engine.answer();
    expect(waits).toHaveLength(1);
    // random() is 0.5 in these tests: the level's pace itself
    expect(waits[0]).toBe(REPLY_PACE_MS[7]);
    expect(ctrl.game.plies).toBe(1);
    expect(ctrl.engineThinking).toBe(true);
    go();
    await Promise.resolve();
    expect(ctrl.game.plies).toBe(2);
    expect(ctrl.engineThinking).toBe(false);
    // every level at a human beat, the stronger ones no quicker than the weaker
    for (const l of PLAY_LEVELS) {
      expect(REPLY_PACE_MS[l]).toBeGreaterThanOrEqual(400);
      expect(REPLY_PACE_MS[l]).toBeLessThanOrEqual(1500);
      if (l > 1) expect(REPLY_PACE_MS[l]).toBeGreaterThanOrEqual(REPLY_PACE_MS[(l - 1) as PlayLevel]);
    }

    const fast = setupCtrl({}, undefined, { ...defaultSettings('en'), fastReplies: true }, wait);
    fast.ctrl.userMove(path('c3', 'c4'));
    await fast.engine.answer();
    expect(waits).toHaveLength(1);
    expect(fast.ctrl.game.plies).toBe(2);
  });

  it('the computer thinks as long as its level, its clock and "replies at once" allow', async () => {
    const limitsOf = async (setup: Partial<GameSetup>, fastReplies = false) => {
      const { ctrl, engine } = setupCtrl(setup, undefined, { ...defaultSettings('en'), fastReplies });
      ctrl.userMove(path('c3', 'c4'));
      return engine.asks[0].limits;
    };
    // no clock: the level's cap; Master at 2.5 s, or FAST_THINK_MS when asked to reply at once
    expect(await limitsOf({ level: MASTER_LEVEL })).toEqual({ movetime: LEVEL_SETTINGS.master.movetime });
    expect(await limitsOf({ level: MASTER_LEVEL }, true)).toEqual({ movetime: FAST_THINK_MS });
    expect(await limitsOf({ level: 1 })).toEqual({ movetime: LADDER[0].movetime });
    expect(await limitsOf({ level: 1 }, true)).toEqual({
      movetime: Math.min(FAST_THINK_MS, LADDER[0].movetime),
    });
    // 1+0: a fortieth of the minute; 5+0: the cap, never the clock's sixth of a minute
    expect(
      await limitsOf({ level: MASTER_LEVEL, time: { kind: 'clock', minutes: 1, increment: 0 } }),
    ).toEqual({
      movetime: 1500,
    });
    expect(
      await limitsOf({ level: MASTER_LEVEL, time: { kind: 'clock', minutes: 5, increment: 0 } }),
    ).toEqual({
      movetime: 2500,
    });
  });

  it('an obviously forced reply (its only legal move) is played at the pace without a search', async () => {
    const waits: number[] = [];
    const wait = (ms: number) => (waits.push(ms), Promise.resolve());
    // after c3-c4, Black's only move is the capture c5xc3
    const start = new Game(unwrap(parsePosition('W:Wc3,h2:Bc5,h7')));
    const { ctrl, engine } = setupCtrl({ level: MASTER_LEVEL }, start, defaultSettings('en'), wait);
    ctrl.userMove(path('c3', 'c4'));
    await Promise.resolve();
    await Promise.resolve();
    await Promise.resolve();
    expect(engine.asks).toHaveLength(0);
    expect(waits).toEqual([REPLY_PACE_MS[MASTER_LEVEL]]);
    expect(ctrl.game.notation()).toEqual(['c3-c4', 'c5xc3']);
  });

  it('after the move timer played for the player, the reply waits so that the move is seen', async () => {
    const waits: number[] = [];
    const wait = (ms: number) => (waits.push(ms), Promise.resolve());
    const { ctrl, engine, advance } = setupCtrl(
      { level: 2, time: { kind: 'move', seconds: 40 } },
      undefined,
      { ...defaultSettings('en'), fastReplies: true },
      wait,
    );
    advance(41_000);
    ctrl.tick();
    // the timer's move is the engine's (asked at master strength), then the reply
    expect(engine.asks[0].level).toBe('master');
    await engine.answer();
    expect(ctrl.game.plies).toBe(1);
    expect(engine.asks[1].level).toBe(2);
    await engine.answer();
    await Promise.resolve();
    // "replies at once" is on, yet the player's timed-out move is shown a while first
    expect(waits).toEqual([AUTO_SHOWN_MS]);
    expect(ctrl.game.plies).toBe(2);
  });

  it('hint: the master move as arrows, not played', async () => {
    const { ctrl, engine } = setupCtrl();
    ctrl.requestHint();
    expect(engine.asks[0].level).toBe('master');
    await engine.answer();
    expect(ctrl.hint).toBeDefined();
    expect(ctrl.game.plies).toBe(0);
    expect(ctrl.boardConfig().arrows).toHaveLength(1);
    expect(ctrl.notice).toMatch(/The master would play/);
  });

  it('draw offer: asked first, refused in the opening however the computer stands, at most twice', async () => {
    const a = setupCtrl();
    a.engine.score = 900; // the human (side to move) is far ahead: the computer is lost
    a.ctrl.offerDraw();
    expect(a.ctrl.dialog).toBe('draw');
    expect(a.engine.asks).toHaveLength(0); // nothing happens before the player confirms
    a.ctrl.closeDialog();
    a.ctrl.offerDraw();
    a.ctrl.acceptDraw();
    expect(a.ctrl.notice).toBe(en.drawThinking);
    await a.engine.answer();
    expect(a.ctrl.outcome).toBeUndefined();
    expect(a.ctrl.notice).toBe(en.drawDeclined(1));
    a.ctrl.offerDraw();
    a.ctrl.acceptDraw();
    await a.engine.answer();
    expect(a.ctrl.notice).toBe(en.drawDeclined(0));
    expect(a.ctrl.canOfferDraw()).toBe(false);
    a.ctrl.offerDraw();
    expect(a.ctrl.dialog).toBeUndefined();
    // a declined offer is said until the next move
    a.ctrl.userMove(path('c3', 'c4'));
    expect(a.ctrl.notice).toBeUndefined();
  });

  it('draw offer: accepted when the computer stands clearly worse, or the tablebase says it cannot win', async () => {
    // after the opening: 20 plies of the first legal move from the start
    const later = () => {
      const g = new Game();
      while (g.plies < 20) g.play(g.position.legalMoves()[0]);
      expect(g.isOver()).toBe(false);
      return g;
    };
    const a = setupCtrl({}, later());
    a.engine.score = 300;
    a.ctrl.offerDraw();
    a.ctrl.acceptDraw();
    await a.engine.answer();
    expect(a.ctrl.outcome).toEqual({ winner: undefined, reason: 'agreement' });
    expect(a.persisted.at(-1)?.finished?.result).toBe('1/2-1/2');

    const b = setupCtrl({}, later());
    b.engine.score = 50; // only a little worse: played on
    b.ctrl.offerDraw();
    b.ctrl.acceptDraw();
    await b.engine.answer();
    expect(b.ctrl.outcome).toBeUndefined();

    const c = setupCtrl({}, new Game(unwrap(parsePosition('W:Wa2,Kd4:Bh7,Kh8'))));
    c.engine.score = -400;
    c.engine.tb = { result: 'draw', plies: 0 }; // the tablebase outranks the search, in the opening too
    c.ctrl.offerDraw();
    c.ctrl.acceptDraw();
    await c.engine.answer();
    expect(c.ctrl.outcome?.reason).toBe('agreement');

    const d = setupCtrl({}, new Game(unwrap(parsePosition('W:Wa2,Kd4:Bh7,Kh8'))));
    d.engine.score = 0;
    d.engine.tb = { result: 'loss', plies: 12 }; // the human is lost: the computer wins
    d.ctrl.offerDraw();
    d.ctrl.acceptDraw();
    await d.engine.answer();
    expect(d.ctrl.outcome).toBeUndefined();
  });

  it('resign: after confirmation the human loses, the record is kept, the game is no longer current', () => {
    const { ctrl, persisted } = setupCtrl();
    ctrl.askResign();
    expect(ctrl.dialog).toBe('resign');
    ctrl.confirmResign();
    expect(ctrl.outcome).toEqual({ winner: 'black', reason: 'resignation' });
    const last = persisted.at(-1)!;
    expect(last.current).toBeUndefined();
    expect(last.finished).toMatchObject({ result: '0-1', reason: 'resignation' });
    expect(resultLine(en, ctrl.outcome!, 'white')).toBe('The computer wins — by resignation');
  });

  it('move timer: when it runs out, the engine plays for the player', async () => {
    const { ctrl, engine, advance } = setupCtrl({ time: { kind: 'move', seconds: 40 } });
    advance(40_001);
    ctrl.tick();
    expect(engine.asks.at(-1)?.level).toBe('master');
    await engine.answer();
    expect(ctrl.game.plies).toBe(1);
    expect(ctrl.notice).toBe(en.autoMove);
  });

  it('game clock: running out loses', () => {
    const { ctrl, advance } = setupCtrl({ time: { kind: 'clock', minutes: 3, increment: 2 } });
    advance(180_000);
    ctrl.tick();
    expect(ctrl.outcome).toEqual({ winner: 'black', reason: 'timeout' });
  });

  it('looking back shows an earlier position and allows no move', async () => {
    const { ctrl, engine } = setupCtrl();
    ctrl.userMove(path('c3', 'c4'));
    await engine.answer();
    ctrl.jump(0);
    expect(ctrl.canPlay()).toBe(false);
    expect(ctrl.boardConfig().pieces?.c3).toBe('white-man');
    expect(ctrl.boardConfig().movable?.moves).toHaveLength(0);
    ctrl.jump(99);
    expect(ctrl.viewPly).toBeUndefined();
    expect(ctrl.canPlay()).toBe(true);
  });
});

describe('GameCtrl for two players', () => {
  it('turns the board to the player to move, or keeps it with the far pieces turned', () => {
    const rotate = setupCtrl({ mode: 'local', view: 'rotate' }).ctrl;
    expect(rotate.orientation()).toBe('white');
    rotate.userMove(path('c3', 'c4'));
    expect(rotate.orientation()).toBe('black');
    expect(rotate.boardConfig().movable?.color).toBe('black');
    const facing = setupCtrl({ mode: 'local', view: 'facing' }).ctrl;
    facing.userMove(path('c3', 'c4'));
    expect(facing.orientation()).toBe('white');
    expect(facing.boardConfig().flipFarPieces).toBe(true);
  });

  it('a draw needs both players to agree; undo takes back one move', () => {
    const { ctrl } = setupCtrl({ mode: 'local' });
    ctrl.userMove(path('c3', 'c4'));
    ctrl.undo();
    expect(ctrl.game.plies).toBe(0);
    ctrl.offerDraw();
    expect(ctrl.dialog).toBe('draw');
    ctrl.acceptDraw();
    expect(ctrl.outcome?.reason).toBe('agreement');
  });

  it('a typed move is played, a wrong one is explained', () => {
    const { ctrl } = setupCtrl({ mode: 'local' });
    expect(ctrl.typeMove('c3-c5')).toBe(false);
    expect(ctrl.notice).toBe(en.badMove('c3-c5'));
    expect(ctrl.typeMove(' C3-C4 ')).toBe(true);
    expect(ctrl.game.notation()).toEqual(['c3-c4']);
  });

  it('ends the game when a side has no pieces', () => {
    const game = new Game(unwrap(parsePosition('W:Wd4:Bd5')));
    const { ctrl, persisted } = setupCtrl({ mode: 'local' }, game);
    ctrl.userMove({ from: 'd4', path: ['d6'], captures: ['d5'] } as never);
    expect(ctrl.outcome).toEqual({ winner: 'white', reason: 'no-pieces' });
    expect(persisted.at(-1)?.finished?.result).toBe('1-0');
  });
});

describe('touch-move', () => {
  it('a touched piece that can move must be moved', () => {
    const settings = { ...defaultSettings('en'), touchMove: true };
    const { ctrl } = setupCtrl({ mode: 'local' }, undefined, settings);
    const calls: BoardConfig[] = [];
    const board = {
      set: (c: BoardConfig) => calls.push(c),
      animateMove: () => Promise.resolve(),
      getState: () => ({}) as never,
      destroy: () => {},
    } as unknown as Board;
    ctrl.setBoard(board);
    const onSelect = calls[0].onSelect!;
    onSelect('c3');
    expect(calls.at(-2)?.movable?.moves.map((m) => m.from)).toEqual(['c3']);
    expect(calls.at(-1)).toEqual({ selected: 'c3' });
    onSelect(null); // trying to let go of it
    expect(calls.at(-1)).toEqual({ selected: 'c3' });
    ctrl.userMove(path('c3', 'c4'));
    expect(ctrl.boardConfig().movable?.moves.length).toBeGreaterThan(1);
  });
});
