// View pieces shared by the daily screen (view.tsx) and the training tab (training-view.tsx): the
// task line, the tries, the sentence under the board, difficulty and themes, the hint button, and
// the loader of a bank file.
import type { JSX } from 'preact';
import type { Color } from '@dama/core';
import { parseBank, type BankKind, type Puzzle } from '@dama/puzzle';
import type { Catalog } from '../lib/i18n/index.ts';
import { icons } from '../lib/icons.tsx';
import type { Feedback } from './player.ts';

export function feedbackText(m: Catalog, f: Feedback): string {
  switch (f.kind) {
    case 'start':
      return m.puzzleStatusStart;
    case 'next':
      return m.puzzleStatusNext;
    case 'reply':
      return m.puzzleStatusReply;
    case 'wrong':
      return m.puzzleStatusWrong(f.move);
    case 'retry':
      return m.puzzleStatusRetryHere(f.triesLeft);
    case 'slower':
      return m.puzzleStatusSlower(f.move, f.winsIn, f.movesLeft);
    case 'hint':
      return m.puzzleStatusHint;
    case 'failed':
      return m.puzzleStatusFailed;
    case 'solution':
      return m.puzzleStatusSolution;
    case 'solved':
      return m.puzzleStatusSolved;
    case 'wasSolved':
      return m.puzzleStatusWasSolved;
    case 'wasFailed':
      return m.puzzleStatusWasFailed;
    case 'practice':
      return m.puzzleStatusPractice;
  }
}

/** "White to play and win in 3", with the side's colour dot. */
export function taskLine(m: Catalog, solver: Color, moves: number, testid?: string): JSX.Element {
  return (
    <p class="pz-task" data-testid={testid}>
      <span class={`dot ${solver}`} aria-hidden="true" />
      {m.puzzleToPlay(solver, moves)}
    </p>
  );
}

/** The three tries, used ones dimmed. */
export function triesDots(m: Catalog, left: number, testid: string): JSX.Element {
  return (
    <div
      class="pz-tries"
      role="img"
      aria-label={m.puzzleTriesLeft(left)}
      title={m.puzzleTriesLeft(left)}
      data-testid={testid}
      data-left={left}
    >
      {[0, 1, 2].map((i) => (
        <i key={i} class={i < left ? 'on' : 'used'} />
      ))}
    </div>
  );
}

/** The status sentence under the board (read out when it changes). */
export function statusLine(kind: string, text: string, testid: string): JSX.Element {
  return (
    <p class={`pz-status ${kind}`} role="status" aria-live="polite" data-testid={testid}>
      {text}
    </p>
  );
}

/** Difficulty and themes of a puzzle. */
export function tagsLine(m: Catalog, p: Puzzle, testid: string): JSX.Element {
  return (
    <p class="pz-tags" data-testid={testid} data-difficulty={p.difficulty}>
      <strong>{m.puzzleDifficulty(p.difficulty)}</strong>
      {p.themes.map((t) => (
        <span key={t} class="pz-tag">
          {m[`puzzleTheme_${t}`]}
        </span>
      ))}
    </p>
  );
}

export function hintButton(m: Catalog, onClick: () => void, testid: string): JSX.Element {
  return (
    <button type="button" class="btn pz-wide" onClick={onClick} data-testid={testid}>
      {icons.puzzle()}
      {m.puzzleHint}
    </button>
  );
}

/**
 * A bank file loaded once, on first use (so it stays out of the app's first download; the service
 * worker precaches it with the rest of the build). A failed load is tried again next time.
 */
export function bankLoader(
  kind: BankKind,
  load: () => Promise<{ default: string }>,
): () => Promise<readonly Puzzle[]> {
  let bank: Promise<readonly Puzzle[]> | undefined;
  return () => {
    bank ??= load().then((m) => {
      const parsed = parseBank(m.default, kind);
      if (!parsed.ok) throw new Error(parsed.error);
      return parsed.value;
    });
    bank.catch(() => {
      bank = undefined;
    });
    return bank;
  };
}
