// The analysis screen drawn from its controller: the board with an evaluation bar, the engine's
// lines, the review (graph, verdicts, counts), the move list, the editor. Pure functions of the ctrl.
import type { JSX } from 'preact';
import type { Board } from '@dama/board';
import { makeNotation, type Color } from '@dama/core';
import { WIN_BOUND, winDistance } from '@dama/engine';
import { BoardMount } from '../lib/board-mount.tsx';
import { icons } from '../lib/icons.tsx';
import { scrollToCurrent } from '../lib/move-list.tsx';
import type { PlayLevel } from '../lib/setup.ts';
import { levelPicker } from '../lib/level-picker.tsx';
import { radios, toggle } from '../lib/widgets.tsx';
import { EDIT_TOOLS, MAX_LINES, type AnalysisCtrl, type EditTool, type EngineStatus } from './ctrl.ts';
import type { Thought } from './engine.ts';
import { JUDGEMENTS, winChance, type Judgement } from './judge.ts';
import type { Catalog as AnalysisMessages } from '../lib/i18n/index.ts';

export interface ViewEnv {
  ctrl: AnalysisCtrl;
  t: AnalysisMessages;
  /** the "play from here" sheet is open */
  continuing: boolean;
  setContinuing: (open: boolean) => void;
  level: PlayLevel;
  setLevel: (l: PlayLevel) => void;
  /** the moves of the game in progress that "play from here" would set aside (0: none) */
  inProgress: number;
  /** the colour chosen while that game awaits the player's yes */
  replacing: Color | undefined;
  setReplacing: (color: Color | undefined) => void;
  pdnOpen: boolean;
  setPdnOpen: (open: boolean) => void;
}

const GLYPH: Record<Judgement, string> = { inaccuracy: '?!', mistake: '?', blunder: '??' };

/** A score for people: from White's side in men (+0.35), or "White wins in 7" for a won position. */
export function scoreText(t: AnalysisMessages, whiteScore: number): string {
  if (Math.abs(whiteScore) >= WIN_BOUND) {
    const plies = Math.abs(winDistance(whiteScore) ?? 0);
    return t.anWinIn(whiteScore > 0 ? 'white' : 'black', Math.ceil(plies / 2));
  }
  const men = whiteScore / 100;
  return `${men > 0 ? '+' : men < 0 ? '−' : ''}${Math.abs(men).toFixed(2)}`;
}

function evalBar(env: ViewEnv): JSX.Element {
  const { ctrl, t } = env;
  const c = ctrl.whiteChance();
  const w = c ?? 0.5;
  return (
    <div
      class={`eval-bar${c === undefined ? ' unknown' : ''}${ctrl.orientation === 'black' ? ' flipped' : ''}`}
      role="meter"
      aria-valuemin={0}
      aria-valuemax={100}
      aria-valuenow={Math.round(w * 100)}
      aria-label={t.anEvalBar(w)}
      data-testid="eval-bar"
    >
      <span class="white-part" style={{ '--white': w.toFixed(3) }} />
    </div>
  );
}

function moveLabel(ply: number, text: string): string {
  return `${Math.ceil(ply / 2)}${ply % 2 === 1 ? '.' : '…'} ${text}`;
}

/** The engine's lines, each from the position shown, in full moves. */
function enginePanel(env: ViewEnv): JSX.Element {
  const { ctrl, t } = env;
  const over = ctrl.gameAt().isOver();
  const thought = ctrl.currentThought;
  const turn = ctrl.position.turn;
  const white = (s: number) => (turn === 'white' ? s : -s);
  const e = ctrl.engine;
  return (
    <section class="engine-panel" aria-label={t.anEngine} data-testid="engine-panel">
      <div class="engine-head">
        {toggle('engine-on', t.anEngine, ctrl.engineOn, () => ctrl.toggleEngine())}
        <div class="lines-choice" role="group" aria-label={t.anLines}>
          {Array.from({ length: MAX_LINES }, (_, i) => i + 1).map((n) => (
            <button
              type="button"
              class={`btn small${ctrl.lines === n ? ' on' : ''}`}
              aria-pressed={ctrl.lines === n}
              onClick={() => ctrl.setLines(n)}
              key={n}
            >
              {n}
            </button>
          ))}
        </div>
      </div>
      {!e || e.state === 'failed' ? (
        <p class="note">{t.anEngineFailed}</p>
      ) : over ? (
        <p class="note">{t.anGameOver}</p>
      ) : !ctrl.engineOn ? (
        <p class="note" data-testid="engine-state">
          {t.anEngineOff}
        </p>
      ) : (
        <div class="pv-box" aria-live="off">
          <p class="engine-state" data-testid="engine-state">
            {thought?.tb ? (
              <span class="tb-verdict" data-testid="tb-verdict">
                {engineStateText(t, ctrl.engineStatus, thought, turn)}
              </span>
            ) : (
              engineStateText(t, ctrl.engineStatus, thought, turn)
            )}
          </p>
          <ol class="pv-lines" data-testid="pv-lines">
            {(thought?.lines ?? []).map((l, i) => (
              <li key={i} class="pv-line">
                <span class="pv-score">{scoreText(t, white(l.score))}</span>
                <button
                  type="button"
                  class="pv-moves"
                  onClick={() => ctrl.playNotation(l.pv[0])}
                  title={l.pv.slice(0, 12).join(' ')}
                >
                  {l.pv.slice(0, 10).map((m, k) => {
                    const ply = ctrl.ply + k + 1;
                    const num =
                      ply % 2 === 1 || k === 0 ? `${Math.ceil(ply / 2)}${ply % 2 === 1 ? '.' : '…'} ` : '';
                    return (
                      <span key={k} class="pv-move">
                        {num}
                        {m}
                      </span>
                    );
                  })}
                </button>
              </li>
            ))}
          </ol>
        </div>
      )}
    </section>
  );
}

/**
 * The engine's state line: its depth and speed while it searches, or — when the endgame tables know
 * the position (≤ 4 pieces) — their verdict instead ("Tablebase: White wins in 7 moves"; the depth
 * and speed of a position the tables decide mean nothing). "Thinking…" only while a search runs;
 * when it was stopped, why it rests (the tab hidden, a review running).
 */
export function engineStateText(
  t: AnalysisMessages,
  status: EngineStatus,
  thought: Thought | undefined,
  turn: Color,
): string {
  if (status === 'hidden') return t.anEnginePausedHidden;
  if (status === 'reviewing') return t.anEnginePausedReview;
  const tb = thought?.tb;
  if (tb) {
    const other: Color = turn === 'white' ? 'black' : 'white';
    // The winner's moves: a win in 9 plies is 5 of the winner's moves, a loss in 8 plies 4.
    const verdict =
      tb.result === 'draw'
        ? t.anTbDraw
        : t.anTbWin(tb.result === 'win' ? turn : other, Math.max(1, Math.ceil(tb.plies / 2)));
    return `${t.anTbLabel}: ${verdict}`;
  }
  if (!thought) return status === 'thinking' ? t.anThinking : t.anEnginePaused;
  return thought.nodes > 20_000
    ? `${t.anDepth(thought.depth)} · ${Math.round(thought.nps / 1000)}k/s`
    : t.anDepth(thought.depth);
}

function reviewPanel(env: ViewEnv): JSX.Element | null {
  const { ctrl, t } = env;
  const r = ctrl.review;
  if (!r) return null;
  if (r.progress) {
    const pct = r.progress.total > 0 ? (100 * r.progress.done) / r.progress.total : 0;
    return (
      <section class="review-panel" aria-label={t.anReviewTitle}>
        <p role="status">{t.anReviewing(r.progress.done, r.progress.total)}</p>
        <div class="progress" data-testid="review-progress">
          <span style={{ width: `${pct.toFixed(1)}%` }} />
        </div>
      </section>
    );
  }
  if (!r.review)
    return (
      <section class="review-panel" aria-label={t.anReviewTitle}>
        {r.stopped ? <p class="note">{t.anReviewStopped}</p> : null}
        <button
          type="button"
          class="btn primary wide"
          data-testid="analyse"
          onClick={() => ctrl.startReview()}
        >
          {t.anAnalyse}
        </button>
      </section>
    );
  const v = ctrl.currentVerdict;
  return (
    <section class="review-panel" aria-label={t.anReviewTitle} data-testid="review">
      {graph(env)}
      <div class="counts" data-testid="counts">
        {(['white', 'black'] as const).map((side) => (
          <div class="count-side" key={side} data-side={side}>
            <span class={`dot ${side}`} aria-hidden="true" />
            <span class="count-name">{side === 'white' ? t.anWhite : t.anBlack}</span>
            {JUDGEMENTS.map((j) => (
              <span
                class={`count ${j}`}
                key={j}
                title={t.anJudgementPlural(j)}
                aria-label={`${r.counts?.[side][j] ?? 0} ${t.anJudgementPlural(j)}`}
                data-testid={`count-${side}-${j}`}
              >
                <span class="glyph" aria-hidden="true">
                  {GLYPH[j]}
                </span>{' '}
                <b>{r.counts?.[side][j] ?? 0}</b>
              </span>
            ))}
          </div>
        ))}
      </div>
      {practise(env)}
      {v ? (
        <div class={`verdict ${v.judgement ?? 'fine'}`} data-testid="verdict">
          <p>
            {v.judgement
              ? t.anMoveVerdict(Math.ceil(v.ply / 2), v.side, v.played, v.judgement)
              : t.anGoodMove(Math.ceil(v.ply / 2), v.side, v.played)}
          </p>
          {v.better ? (
            <p class="better" data-testid="better">
              {t.anBetter(v.better[0])}
              <span class="muted"> · {v.better.slice(0, 8).join(' ')}</span>
            </p>
          ) : null}
        </div>
      ) : null}
      {!ctrl.onGameLine ? (
        <p class="side-line">
          <span>{t.anSideLine}</span>
          <button type="button" class="btn small" onClick={() => ctrl.backToGame()}>
            {t.anBackToGame}
          </button>
        </p>
      ) : null}
    </section>
  );
}

/**
 * "Learn from your mistakes": the review's mistakes and blunders of the player (or, in a game that
 * does not say whose side was theirs, of the side at the bottom) kept as puzzles, opened on the
 * puzzle page.
 */
function practise(env: ViewEnv): JSX.Element | null {
  const { ctrl, t } = env;
  const id = ctrl.review?.recordId;
  const n = ctrl.mistakes().length;
  if (!id || n === 0) return null;
  const side = ctrl.review?.player ? undefined : ctrl.mistakesSide();
  return (
    <a
      class="btn primary wide practise"
      href={`#/puzzle?mistakes=${encodeURIComponent(id)}`}
      onClick={() => ctrl.keepMistakes()}
      data-testid="practise-mistakes"
    >
      {icons.puzzle()}
      <span>{t.mistakesPractise(n, side)}</span>
    </a>
  );
}

/** White's winning chance after every ply (0–1); the verdicts as dots; tap to jump. */
function graph(env: ViewEnv): JSX.Element {
  const { ctrl, t } = env;
  const r = ctrl.review!;
  const scores = r.review!.scores;
  const n = Math.max(1, scores.length - 1);
  const W = 300;
  const H = 80;
  const x = (i: number) => (i / n) * W;
  const y = (c: number) => (1 - c) * H;
  const pts = scores.map((s, i) => `${x(i).toFixed(1)},${y(winChance(s)).toFixed(1)}`).join(' ');
  const area = `0,${H} ${pts} ${W},${H}`;
  const jumpAt = (e: PointerEvent) => {
    const rect = (e.currentTarget as SVGSVGElement).getBoundingClientRect();
    const ply = Math.round(((e.clientX - rect.left) / rect.width) * n);
    ctrl.backToGame(Math.max(0, Math.min(n, ply)));
  };
  return (
    <figure class="graph">
      <svg
        viewBox={`0 0 ${W} ${H}`}
        preserveAspectRatio="none"
        role="img"
        aria-label={t.anGraph}
        data-testid="graph"
        onPointerDown={jumpAt}
      >
        <rect x="0" y="0" width={W} height={H} class="graph-bg" />
        <polygon points={area} class="graph-white" />
        <line x1="0" y1={H / 2} x2={W} y2={H / 2} class="graph-mid" />
        {r.moves.map((m) =>
          m.judgement && m.judgement !== 'inaccuracy' ? (
            <circle
              key={m.ply}
              cx={x(m.ply)}
              cy={y(winChance(scores[m.ply]))}
              r={m.judgement === 'blunder' ? 4 : 3}
              class={`graph-dot ${m.judgement}`}
            />
          ) : null,
        )}
        {ctrl.onGameLine ? (
          <line x1={x(ctrl.ply)} y1="0" x2={x(ctrl.ply)} y2={H} class="graph-cursor" />
        ) : null}
      </svg>
      <figcaption class="sr-only">{t.anGraph}</figcaption>
    </figure>
  );
}

function moveList(env: ViewEnv): JSX.Element {
  const { ctrl, t } = env;
  const verdicts = ctrl.review?.review ? ctrl.review.moves : [];
  const game = ctrl.review?.game;
  // a move number is kept on one line with its move (and the reply): never alone at a line's end
  const rows: JSX.Element[][] = [];
  ctrl.line.forEach((m, i) => {
    const ply = i + 1;
    if (ply % 2 === 1 || i === 0)
      rows.push([
        <span class="num" key={`n${ply}`}>
          {Math.ceil(ply / 2)}
          {ply % 2 === 1 ? '.' : '…'}
        </span>,
      ]);
    const items = rows[rows.length - 1];
    const onGame = game && i < game.plies && verdicts[i] && sameMoves(ctrl, i + 1);
    const j = onGame ? verdicts[i].judgement : undefined;
    const text = notationOf(m);
    items.push(
      <button
        type="button"
        class={`mv${ply === ctrl.ply ? ' current' : ''}${j ? ` ${j}` : ''}`}
        aria-current={ply === ctrl.ply ? 'step' : undefined}
        aria-label={j ? `${moveLabel(ply, text)}, ${t.anJudgement(j)}` : moveLabel(ply, text)}
        onClick={() => ctrl.jump(ply)}
        key={`m${ply}`}
        data-ply={ply}
      >
        {text}
        {j ? <span class="glyph">{GLYPH[j]}</span> : null}
      </button>,
    );
  });
  return (
    <div class="moves">
      <div class="move-list" aria-label={t.anMoves} data-testid="move-list" ref={(el) => scrollToCurrent(el)}>
        {rows.length > 0 ? (
          rows.map((r, i) => (
            <span class="mv-pair" key={i}>
              {r}
            </span>
          ))
        ) : (
          <span class="empty">{t.anNoMoves}</span>
        )}
      </div>
      <div class="move-nav">
        <button type="button" class="icon-btn" aria-label={t.anFirst} onClick={() => ctrl.jump(0)}>
          {icons.first()}
        </button>
        <button type="button" class="icon-btn" aria-label={t.anPrev} onClick={() => ctrl.jump(ctrl.ply - 1)}>
          {icons.prev()}
        </button>
        <button type="button" class="icon-btn" aria-label={t.anNext} onClick={() => ctrl.jump(ctrl.ply + 1)}>
          {icons.next()}
        </button>
        <button
          type="button"
          class="icon-btn"
          aria-label={t.anLast}
          onClick={() => ctrl.jump(ctrl.line.length)}
        >
          {icons.last()}
        </button>
      </div>
    </div>
  );
}

function sameMoves(ctrl: AnalysisCtrl, upto: number): boolean {
  const g = ctrl.review?.game;
  if (!g || upto > g.plies) return false;
  for (let i = 0; i < upto; i++) if (notationOf(g.moves[i]) !== notationOf(ctrl.line[i])) return false;
  return true;
}

const notationOf = makeNotation;

function controls(env: ViewEnv): JSX.Element {
  const { ctrl, t } = env;
  return (
    <div class="controls">
      <button type="button" class="ctl" onClick={() => ctrl.openEditor()} data-testid="edit">
        {icons.gear()}
        <span>{t.anEdit}</span>
      </button>
      <button type="button" class="ctl" onClick={() => ctrl.flip()}>
        {icons.flip()}
        <span>{t.anFlip}</span>
      </button>
      <button
        type="button"
        class="ctl"
        data-testid="share"
        aria-label={t.anShare}
        title={t.anShare}
        onClick={() =>
          void ctrl.copyText(location.origin + location.pathname + ctrl.shareLink(), t.anLinkCopied)
        }
      >
        {icons.copy()}
        <span class="long">{t.anShare}</span>
        <span class="short">{t.anShareShort}</span>
      </button>
      <button type="button" class="ctl" onClick={() => env.setPdnOpen(true)} data-testid="export">
        {icons.download()}
        <span>{t.anExportPdn}</span>
      </button>
      <button
        type="button"
        class="ctl"
        onClick={() => env.setContinuing(true)}
        disabled={ctrl.gameAt().isOver()}
        data-testid="continue"
      >
        {icons.robot()}
        <span class="long">{t.anContinueHere}</span>
        <span class="short">{t.anContinueHereShort}</span>
      </button>
    </div>
  );
}

function editorPanel(env: ViewEnv): JSX.Element {
  const { ctrl, t } = env;
  const e = ctrl.editor!;
  return (
    <section class="editor" aria-label={t.anEditTitle} data-testid="editor">
      <h2>{t.anEditTitle}</h2>
      <p class="note">{t.anEditHelp}</p>
      <div class="tools" role="radiogroup" aria-label={t.anEditTitle}>
        {EDIT_TOOLS.map((tool: EditTool) => (
          <button
            type="button"
            role="radio"
            aria-checked={e.tool === tool}
            class={`tool${e.tool === tool ? ' on' : ''}`}
            onClick={() => ctrl.setTool(tool)}
            key={tool}
            data-tool={tool}
          >
            <span class={`tool-piece ${tool}`} aria-hidden="true" />
            <span>{t.anTool(tool)}</span>
          </button>
        ))}
      </div>
      {radios(
        'turn',
        t.anSideToMove,
        [
          { value: 'white', label: t.anWhite },
          { value: 'black', label: t.anBlack },
        ],
        e.turn,
        (c) => ctrl.setTurn(c),
      )}
      <div class="actions">
        <button type="button" class="btn" onClick={() => ctrl.startPosition()}>
          {t.anStartPosition}
        </button>
        <button type="button" class="btn" onClick={() => ctrl.emptyBoard()}>
          {t.anEmptyBoard}
        </button>
      </div>
      <label class="fen-field">
        <span>{t.anFen}</span>
        <input
          type="text"
          value={e.fenText}
          spellcheck={false}
          autocomplete="off"
          data-testid="fen-input"
          onInput={(ev) => ctrl.setFenText(ev.currentTarget.value)}
          onKeyDown={(ev) => ev.key === 'Enter' && ctrl.loadFen()}
        />
      </label>
      <div class="actions">
        <button type="button" class="btn" onClick={() => ctrl.loadFen()} data-testid="load-fen">
          {t.anPasteFen}
        </button>
        <button type="button" class="btn" onClick={() => void ctrl.copyText(e.fenText, t.anCopied)}>
          {icons.copy()}
          <span>{t.anCopyFen}</span>
        </button>
      </div>
      {e.error ? (
        <p class="error" role="alert" data-testid="setup-error">
          {e.error}
        </p>
      ) : null}
      <div class="actions">
        <button type="button" class="btn" onClick={() => ctrl.cancelEditor()}>
          {t.anCancel}
        </button>
        <button
          type="button"
          class="btn primary"
          onClick={() => ctrl.applyEditor()}
          data-testid="apply-setup"
        >
          {t.anDone}
        </button>
      </div>
    </section>
  );
}

function problemNotice(env: ViewEnv): JSX.Element | null {
  const { ctrl, t } = env;
  const p = ctrl.problem;
  if (!p) return null;
  const text =
    p === 'missing-record'
      ? t.anBadLinkRecord
      : p.kind === 'fen'
        ? t.anBadLinkFen(t.anSetupError(p.code, p.detail))
        : p.kind === 'move'
          ? t.anBadLinkMove(p.index + 1, p.text)
          : t.anBadLinkPly;
  return (
    <div class="notice" role="alert" data-testid="link-problem">
      <span>{text}</span>
      <button type="button" class="icon-btn" aria-label={t.close} onClick={() => ctrl.dismissProblem()}>
        {icons.close()}
      </button>
    </div>
  );
}

function continueSheet(env: ViewEnv): JSX.Element {
  const { ctrl, t } = env;
  const turn = ctrl.position.turn;
  const start = (color: Color) => {
    env.setContinuing(false);
    ctrl.continueFromHere(color);
  };
  // a game in progress is set aside (kept in My games) only once the player says yes
  const choose = (color: Color) => (env.inProgress > 0 ? env.setReplacing(color) : start(color));
  const replacing = env.replacing;
  return (
    <div class="backdrop" onClick={(e) => e.target === e.currentTarget && env.setContinuing(false)}>
      <div
        class="dialog"
        role="dialog"
        aria-modal="true"
        aria-labelledby="continue-title"
        data-testid="continue-sheet"
      >
        <h2 id="continue-title">{replacing ? t.replaceTitle : t.anContinueTitle}</h2>
        {replacing ? (
          <>
            <p data-testid="continue-replace">{t.replaceBody(env.inProgress)}</p>
            <div class="actions">
              <button type="button" class="btn" onClick={() => env.setReplacing(undefined)}>
                {t.anCancel}
              </button>
              <button
                type="button"
                class="btn primary"
                onClick={() => start(replacing)}
                data-testid="continue-confirm"
              >
                {t.replaceConfirm}
              </button>
            </div>
          </>
        ) : (
          <>
            {levelPicker('continue-level', t, env.level, env.setLevel)}
            <p class="note">{t.anYouPlay}</p>
            <div class="actions">
              <button type="button" class="btn" onClick={() => choose('white')} data-testid="continue-white">
                {t.anWhite}
                {turn === 'white' ? ' ●' : ''}
              </button>
              <button type="button" class="btn" onClick={() => choose('black')} data-testid="continue-black">
                {t.anBlack}
                {turn === 'black' ? ' ●' : ''}
              </button>
              <button type="button" class="btn" onClick={() => env.setContinuing(false)}>
                {t.anCancel}
              </button>
            </div>
          </>
        )}
      </div>
    </div>
  );
}

function pdnSheet(env: ViewEnv): JSX.Element {
  const { ctrl, t } = env;
  const pdn = ctrl.pdn();
  return (
    <div class="backdrop" onClick={(e) => e.target === e.currentTarget && env.setPdnOpen(false)}>
      <div class="dialog" role="dialog" aria-modal="true" aria-labelledby="pdn-title">
        <h2 id="pdn-title">{t.anExportPdn}</h2>
        <textarea readOnly rows={8} aria-label="PDN" data-testid="pdn-text" value={pdn} />
        <div class="actions">
          <button type="button" class="btn" onClick={() => void ctrl.copyText(pdn, t.anCopied)}>
            {icons.copy()}
            <span>{t.anCopyFen.replace('FEN', 'PDN')}</span>
          </button>
          <button type="button" class="btn primary" onClick={() => env.setPdnOpen(false)}>
            {t.anDone}
          </button>
        </div>
      </div>
    </div>
  );
}

export function analysisView(
  env: ViewEnv,
  bind: (b: import('@dama/board').Board | undefined) => void,
): JSX.Element {
  const { ctrl, t } = env;
  const editing = ctrl.editor !== undefined;
  return (
    <div class={`game analysis${editing ? ' editing' : ''}`} data-testid="analysis">
      <div class="board-col">
        {problemNotice(env)}
        {editing ? null : evalBar(env)}
        <BoardMount bind={bind} />
        <p class="status" data-testid="to-move">
          {editing ? '' : t.anToMove(ctrl.position.turn)}
        </p>
      </div>
      <div class="side-col">
        <h1 class="sr-only">{ctrl.review ? t.anReviewTitle : t.anTitle}</h1>
        {editing ? (
          editorPanel(env)
        ) : (
          <>
            {reviewPanel(env)}
            {/* a finished review: its moves right under its verdicts, the engine after them */}
            {ctrl.review?.review ? (
              <>
                {moveList(env)}
                {enginePanel(env)}
              </>
            ) : (
              <>
                {enginePanel(env)}
                {moveList(env)}
              </>
            )}
            {controls(env)}
          </>
        )}
        {ctrl.flash ? (
          <p class="flash" role="status">
            {ctrl.flash}
          </p>
        ) : null}
      </div>
      {env.continuing ? continueSheet(env) : null}
      {env.pdnOpen ? pdnSheet(env) : null}
    </div>
  );
}
