/**
 * PDN game records for Turkish draughts (`[GameType "30"]`). Reading skips what it does not need
 * (comments, variations, annotation glyphs, move numbers) and replays every move through the rules,
 * so an imported game is always a legal one. Writing produces what reading gives back unchanged.
 */
import { makeFen, parsePosition } from './fen.ts';
import type { DrawRules } from './draw.ts';
import type { Outcome, OutcomeReason } from './game.ts';
import { Game, OUTCOME_REASONS, resultText } from './game.ts';
import { makeNotation } from './notation.ts';
import { Position } from './position.ts';
import { START_FEN } from './setup.ts';
import type { DamaError, Result } from './types.ts';
import { err, ok } from './types.ts';

export type PdnErrorCode =
  'pdn-empty' | 'pdn-too-long' | 'pdn-syntax' | 'pdn-game-type' | 'pdn-fen' | 'pdn-move' | 'pdn-result';

export type PdnResult = '1-0' | '0-1' | '1/2-1/2' | '*';

/** A game as written: its tags in order, its moves as text, its result. Nothing checked yet. */
export interface PdnRecord {
  tags: [string, string][];
  moves: string[];
  result: PdnResult;
}

export const GAME_TYPE = '30';
const MAX_PDN_LENGTH = 5_000_000;

// Other ways results are written in draughts PDN.
const RESULTS: Record<string, PdnResult> = {
  '1-0': '1-0',
  '0-1': '0-1',
  '1/2-1/2': '1/2-1/2',
  '½-½': '1/2-1/2',
  '*': '*',
  '2-0': '1-0',
  '0-2': '0-1',
  '1-1': '1/2-1/2',
};

/** Split a PDN text into game records. Only the syntax is checked here. */
export function parsePdnRecords(text: string): Result<PdnRecord[], DamaError<PdnErrorCode>> {
  if (typeof text !== 'string') return err('pdn-empty', 'The game record is not text.');
  if (text.length > MAX_PDN_LENGTH) return err('pdn-too-long', 'The game record is too long.');
  const games: PdnRecord[] = [];
  let current: PdnRecord | undefined;
  let sawMoves = false;
  const start = () => {
    current = { tags: [], moves: [], result: '*' };
    sawMoves = false;
    games.push(current);
    return current;
  };
  const finish = (result: PdnResult) => {
    (current ?? start()).result = result;
    current = undefined;
  };
  let i = 0;
  const n = text.length;
  while (i < n) {
    const c = text[i];
    if (c === ' ' || c === '\t' || c === '\n' || c === '\r' || c === '\ufeff') {
      i++;
    } else if (c === '%' && (i === 0 || text[i - 1] === '\n')) {
      while (i < n && text[i] !== '\n') i++;
    } else if (c === ';') {
      while (i < n && text[i] !== '\n') i++;
    } else if (c === '{') {
      const end = text.indexOf('}', i + 1);
      if (end < 0) return err('pdn-syntax', 'A comment opened with { is never closed.');
      i = end + 1;
    } else if (c === '(') {
      let depth = 0;
      for (; i < n; i++) {
        if (text[i] === '{') {
          const end = text.indexOf('}', i + 1);
          if (end < 0) return err('pdn-syntax', 'A comment opened with { is never closed.');
          i = end;
        } else if (text[i] === '(') depth++;
        else if (text[i] === ')' && --depth === 0) break;
      }
      if (depth !== 0) return err('pdn-syntax', 'A variation opened with ( is never closed.');
      i++;
    } else if (c === '[') {
      const end = text.indexOf(']', i + 1);
      if (end < 0) return err('pdn-syntax', 'A tag opened with [ is never closed.');
      const m = /^\[\s*([A-Za-z0-9_]+)\s+"((?:[^"\\]|\\.)*)"\s*\]$/s.exec(text.slice(i, end + 1));
      if (!m) return err('pdn-syntax', `Malformed tag: ${text.slice(i, Math.min(end + 1, i + 60))}`);
      if (!current || sawMoves) start();
      current!.tags.push([m[1], m[2].replace(/\\(.)/g, '$1')]);
      i = end + 1;
    } else {
      let j = i;
      while (j < n && !/[\s{}()[\];]/.test(text[j])) j++;
      const token = text.slice(i, j);
      if (token === '') return err('pdn-syntax', `"${c}" closes something that was never opened.`);
      i = j;
      if (token in RESULTS) {
        finish(RESULTS[token]);
        continue;
      }
      if (/^\$\d+$/.test(token)) continue;
      // Move numbers may stand alone (`12.`, `12...`) or be glued to the move (`12.c3-c4`).
      const move = token.replace(/^\d+\.+/, '').replace(/[!?]+$/, '');
      if (move === '' || /^\.+$/.test(move)) continue;
      if (!/^[a-hA-H][1-8]([-xX][a-hA-H][1-8])+$/.test(move))
        return err('pdn-syntax', `"${token.slice(0, 40)}" is not a move, a move number or a result.`);
      if (!current) start();
      sawMoves = true;
      current!.moves.push(move);
    }
  }
  if (games.length === 0) return err('pdn-empty', 'There is no game in this text.');
  return ok(games);
}

/** A game read from PDN and replayed by the rules, with its tags. */
export interface PdnGame {
  game: Game;
  tags: [string, string][];
  result: PdnResult;
}

const tagValue = (tags: [string, string][], name: string): string | undefined =>
  tags.find(([k]) => k.toLowerCase() === name.toLowerCase())?.[1];

/** Turn a record into a game: check the game type, set up the FEN, replay and check every move. */
export function recordToGame(
  record: PdnRecord,
  drawRules: Partial<DrawRules> = {},
): Result<PdnGame, DamaError<PdnErrorCode>> {
  const type = tagValue(record.tags, 'GameType');
  if (type !== undefined && type.split(',')[0].trim() !== GAME_TYPE)
    return err(
      'pdn-game-type',
      `This record is for another game (GameType ${type}); Turkish draughts is 30.`,
    );
  let initial = Position.start();
  const fen = tagValue(record.tags, 'FEN');
  if (fen !== undefined) {
    const pos = parsePosition(fen);
    if (!pos.ok) return err('pdn-fen', `The FEN tag is not a valid position: ${pos.error.message}`);
    initial = pos.value;
  }
  const game = new Game(initial, { drawRules });
  for (let i = 0; i < record.moves.length; i++) {
    const played = game.playNotation(record.moves[i]);
    if (!played.ok) {
      const number = Math.floor((i + (initial.turn === 'black' ? 1 : 0)) / 2) + 1;
      return err('pdn-move', `Move ${number} (${record.moves[i]}): ${played.error.message}`);
    }
  }
  // An ending by a player's act is kept in the Termination tag (as lichess does).
  const termination = tagValue(record.tags, 'Termination');
  if (!game.isOver() && record.result !== '*') {
    const reason = OUTCOME_REASONS.find((r) => r === termination) as OutcomeReason | undefined;
    const loser = record.result === '1-0' ? 'black' : 'white';
    if (record.result === '1/2-1/2') {
      if (reason === undefined || reason === 'agreement') game.agreeDraw();
    } else if (reason === 'timeout') game.timeout(loser);
    else game.resign(loser);
  }
  const outcome = game.outcome();
  if (outcome && record.result !== '*' && resultText(outcome) !== record.result)
    return err(
      'pdn-result',
      `The record says ${record.result}, but the moves end the game ${resultText(outcome)} (${outcome.reason}).`,
    );
  return ok({ game, tags: record.tags, result: record.result });
}

/** Read every game of a PDN text. */
export function parsePdn(
  text: string,
  drawRules: Partial<DrawRules> = {},
): Result<PdnGame[], DamaError<PdnErrorCode>> {
  const records = parsePdnRecords(text);
  if (!records.ok) return records;
  const games: PdnGame[] = [];
  for (let i = 0; i < records.value.length; i++) {
    const g = recordToGame(records.value[i], drawRules);
    if (!g.ok) return records.value.length === 1 ? g : err(g.error.code, `Game ${i + 1}: ${g.error.message}`);
    games.push(g.value);
  }
  return ok(games);
}

const quote = (v: string) => v.replace(/\\/g, '\\\\').replace(/"/g, '\\"');

/** The tags written first, in this order (PDN's seven-tag roster, then the game type). */
const ROSTER = ['Event', 'Site', 'Date', 'Round', 'White', 'Black', 'Result', 'GameType'];

/** Write a game as PDN. `tags` adds or overrides tags (Event, White, Black, Date ...). */
export function makePdn(game: Game, tags: Record<string, string> | [string, string][] = {}): string {
  const outcome: Outcome | undefined = game.outcome();
  const result = resultText(outcome);
  const given = Array.isArray(tags) ? tags : Object.entries(tags);
  const all = new Map<string, string>([
    ['Event', '?'],
    ['Site', '?'],
    ['Date', '????.??.??'],
    ['Round', '?'],
    ['White', '?'],
    ['Black', '?'],
  ]);
  for (const [k, v] of given) all.set(k, v);
  all.set('Result', result);
  all.set('GameType', GAME_TYPE);
  const fen = makeFen(game.initial);
  if (fen !== START_FEN) all.set('FEN', fen);
  else all.delete('FEN');
  if (
    outcome &&
    (outcome.reason === 'resignation' || outcome.reason === 'timeout' || outcome.reason === 'agreement')
  )
    all.set('Termination', outcome.reason);
  else all.delete('Termination');
  const order = [...ROSTER.filter((k) => all.has(k)), ...[...all.keys()].filter((k) => !ROSTER.includes(k))];
  const lines = order.map((k) => `[${k} "${quote(all.get(k)!)}"]`);

  const tokens: string[] = [];
  const blackFirst = game.initial.turn === 'black';
  game.moves.forEach((move, i) => {
    const ply = i + (blackFirst ? 1 : 0);
    const number = Math.floor(ply / 2) + 1;
    if (ply % 2 === 0) tokens.push(`${number}.`);
    else if (i === 0) tokens.push(`${number}...`);
    tokens.push(makeNotation(move));
  });
  tokens.push(result);
  const text: string[] = [];
  let line = '';
  for (const t of tokens) {
    if (line.length > 0 && line.length + 1 + t.length > 80) {
      text.push(line);
      line = t;
    } else line = line ? `${line} ${t}` : t;
  }
  if (line) text.push(line);
  return `${lines.join('\n')}\n\n${text.join('\n')}\n`;
}
