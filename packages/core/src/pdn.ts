/**
 * PDN game records for Turkish draughts (`[GameType "30"]`). Reading skips what it does not need
 * (comments, variations, annotation glyphs, move numbers) and replays every move through the rules,
 * so an imported game is always a legal one. Writing produces what reading gives back unchanged.
 *
 * Tag values may hold anything, `[` and `]` included; `"` and `\` are escaped with a backslash.
 * Besides PDN's own tags, three of this project's keep what a replay needs to end the same way
 * (README "PDN tags"): `DrawRules` (the draw rule set in force), `StartCounters` (the draw-rule
 * counters of the first position, for a game set up from the middle of another) and `Termination`
 * (always written: how the game ended, or `unterminated`).
 */
import { makeFen, parsePosition } from './fen.ts';
import type { Counters, DrawRules } from './draw.ts';
import type { Outcome, OutcomeReason } from './game.ts';
import { Game, OUTCOME_REASONS, resultText } from './game.ts';
import { makeNotation } from './notation.ts';
import { Position } from './position.ts';
import { START_FEN } from './setup.ts';
import type { DamaError, Result } from './types.ts';
import { err, ok, printable } from './types.ts';

/** Why a PDN text was refused. */
export type PdnErrorCode =
  | 'pdn-empty'
  | 'pdn-too-long'
  | 'pdn-syntax'
  | 'pdn-game-type'
  | 'pdn-fen'
  | 'pdn-move'
  | 'pdn-result'
  | 'pdn-tag';

/** A PDN error, with where in the text it is (0-based offset) when it belongs to one place. */
export interface PdnError extends DamaError<PdnErrorCode> {
  offset?: number;
}

/** A game result as PDN writes it. */
export type PdnResult = '1-0' | '0-1' | '1/2-1/2' | '*';

/** A game as written: its tags in order, its moves as text, its result. Nothing checked yet. */
export interface PdnRecord {
  tags: [string, string][];
  moves: string[];
  result: PdnResult;
  /** Where each move is in the text (0-based offsets), when read from text. */
  moveOffsets?: number[];
  /** Where the record starts in the text. */
  offset?: number;
}

/** Line and column (both from 1) of an offset in `text`, for `file:line:column` messages. */
export function lineColumn(text: string, offset: number): { line: number; column: number } {
  let line = 1;
  let last = -1;
  for (let i = text.indexOf('\n'); i >= 0 && i < offset; i = text.indexOf('\n', i + 1)) {
    line++;
    last = i;
  }
  return { line, column: offset - last };
}

const fail = (code: PdnErrorCode, message: string, offset?: number): { ok: false; error: PdnError } => ({
  ok: false,
  error: offset === undefined ? { code, message } : { code, message, offset },
});

/**
 * Read the tag at `i` (text[i] is `[`): a name, then a quoted value in which `\"` and `\\` are
 * escapes and `]` is an ordinary character, then `]`. Returns the end offset, or an error.
 */
function readTag(
  text: string,
  i: number,
): { ok: true; name: string; value: string; end: number } | { ok: false; error: PdnError } {
  const n = text.length;
  let j = i + 1;
  while (j < n && (text[j] === ' ' || text[j] === '\t')) j++;
  const nameStart = j;
  while (j < n && /[A-Za-z0-9_]/.test(text[j])) j++;
  const name = text.slice(nameStart, j);
  if (name === '') return fail('pdn-syntax', 'A tag must start with its name, as in [Event "..."].', i);
  while (j < n && (text[j] === ' ' || text[j] === '\t')) j++;
  if (text[j] !== '"') return fail('pdn-syntax', `The tag ${printable(name)} has no quoted value.`, j);
  j++;
  let value = '';
  for (;;) {
    if (j >= n || text[j] === '\n' || text[j] === '\r')
      return fail('pdn-syntax', `The value of the tag ${printable(name)} is never closed with ".`, j);
    const c = text[j];
    if (c === '"') break;
    if (c === '\\' && j + 1 < n && (text[j + 1] === '"' || text[j + 1] === '\\')) {
      value += text[j + 1];
      j += 2;
    } else {
      value += c;
      j++;
    }
  }
  j++;
  while (j < n && (text[j] === ' ' || text[j] === '\t')) j++;
  if (text[j] !== ']') return fail('pdn-syntax', `The tag ${printable(name)} is not closed with ].`, j);
  return { ok: true, name, value, end: j + 1 };
}

/** PDN's `GameType` number for Turkish draughts. */
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
export function parsePdnRecords(text: string): Result<PdnRecord[], PdnError> {
  if (typeof text !== 'string') return err('pdn-empty', 'The game record is not text.');
  if (text.length > MAX_PDN_LENGTH) return err('pdn-too-long', 'The game record is too long.');
  const games: PdnRecord[] = [];
  let current: PdnRecord | undefined;
  let sawMoves = false;
  const start = (offset: number) => {
    current = { tags: [], moves: [], result: '*', moveOffsets: [], offset };
    sawMoves = false;
    games.push(current);
    return current;
  };
  const finish = (result: PdnResult) => {
    (current ?? start(i)).result = result;
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
      if (end < 0) return fail('pdn-syntax', 'A comment opened with { is never closed.', i);
      i = end + 1;
    } else if (c === '(') {
      const open = i;
      let depth = 0;
      for (; i < n; i++) {
        if (text[i] === '{') {
          const end = text.indexOf('}', i + 1);
          if (end < 0) return fail('pdn-syntax', 'A comment opened with { is never closed.', i);
          i = end;
        } else if (text[i] === '(') depth++;
        else if (text[i] === ')' && --depth === 0) break;
      }
      if (depth !== 0) return fail('pdn-syntax', 'A variation opened with ( is never closed.', open);
      i++;
    } else if (c === '[') {
      const tag = readTag(text, i);
      if (!tag.ok) return tag;
      if (!current || sawMoves) start(i);
      current!.tags.push([tag.name, tag.value]);
      i = tag.end;
    } else {
      let j = i;
      while (j < n && !/[\s{}()[\];]/.test(text[j])) j++;
      const token = text.slice(i, j);
      const at = i;
      if (token === '')
        return fail('pdn-syntax', `"${printable(c)}" closes something that was never opened.`, i);
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
        return fail('pdn-syntax', `"${printable(token, 40)}" is not a move, a move number or a result.`, at);
      if (!current) start(at);
      sawMoves = true;
      current!.moves.push(move);
      current!.moveOffsets!.push(at);
    }
  }
  if (games.length === 0) return fail('pdn-empty', 'There is no game in this text.');
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

/** The words of the `DrawRules` tag, one per rule, in the order they are written. */
const DRAW_RULE_WORDS: [keyof DrawRules, string][] = [
  ['repetition', 'repetition'],
  ['kingVsKing', 'king-vs-king'],
  ['noProgress', 'no-progress'],
  ['onePieceEach', 'one-piece-each'],
  ['kingVsMan', 'king-vs-man'],
  ['kingsOnly', 'kings-only'],
];

/** The `DrawRules` tag value: the rules in force, comma-separated (`none` for none). */
export function drawRulesTag(rules: DrawRules): string {
  const on = DRAW_RULE_WORDS.filter(([k]) => rules[k]).map(([, w]) => w);
  return on.length === 0 ? 'none' : on.join(',');
}

/** Read a `DrawRules` tag value; an unknown word is an error. */
export function parseDrawRulesTag(value: string): Result<DrawRules, DamaError<'pdn-tag'>> {
  const rules: DrawRules = {
    repetition: false,
    kingVsKing: false,
    noProgress: false,
    onePieceEach: false,
    kingVsMan: false,
    kingsOnly: false,
  };
  const words = value.trim().toLowerCase();
  if (words === 'none') return ok(rules);
  for (const word of words.split(',').map((w) => w.trim())) {
    const rule = DRAW_RULE_WORDS.find(([, w]) => w === word);
    if (!rule) return err('pdn-tag', `The DrawRules tag names an unknown rule "${printable(word, 30)}".`);
    rules[rule[0]] = true;
  }
  return ok(rules);
}

/** Read a `StartCounters` tag value (`noProgress,kingsOnly`, plies). */
function parseCountersTag(value: string): Result<Counters, DamaError<'pdn-tag'>> {
  const m = /^\s*(\d{1,4})\s*,\s*(\d{1,4})\s*$/.exec(value);
  if (!m)
    return err(
      'pdn-tag',
      `The StartCounters tag must be two whole numbers like "12,0", not "${printable(value, 30)}".`,
    );
  return ok({ noProgress: Number(m[1]), kingsOnly: Number(m[2]) });
}

/** Termination of a game that has not ended. */
const UNTERMINATED = 'unterminated';

/**
 * Turn a record into a game: check the game type, set up the FEN, replay and check every move. The
 * record's `DrawRules` and `StartCounters` tags decide the rules and the first counters; `drawRules`
 * applies to records without a `DrawRules` tag.
 */
export function recordToGame(
  record: PdnRecord,
  drawRules: Partial<DrawRules> = {},
): Result<PdnGame, PdnError> {
  const at = record.offset;
  const type = tagValue(record.tags, 'GameType');
  if (type !== undefined && type.split(',')[0].trim() !== GAME_TYPE)
    return fail(
      'pdn-game-type',
      `This record is for another game (GameType ${printable(type, 30)}); Turkish draughts is 30.`,
      at,
    );
  let initial = Position.start();
  const fen = tagValue(record.tags, 'FEN');
  if (fen !== undefined) {
    const pos = parsePosition(fen);
    if (!pos.ok) return fail('pdn-fen', `The FEN tag is not a valid position: ${pos.error.message}`, at);
    initial = pos.value;
  }
  let rules: Partial<DrawRules> = drawRules;
  const rulesTag = tagValue(record.tags, 'DrawRules');
  if (rulesTag !== undefined) {
    const parsed = parseDrawRulesTag(rulesTag);
    if (!parsed.ok) return fail(parsed.error.code, parsed.error.message, at);
    rules = parsed.value;
  }
  let counters: Counters | undefined;
  const countersTag = tagValue(record.tags, 'StartCounters');
  if (countersTag !== undefined) {
    const parsed = parseCountersTag(countersTag);
    if (!parsed.ok) return fail(parsed.error.code, parsed.error.message, at);
    counters = parsed.value;
  }
  const game = new Game(initial, counters ? { drawRules: rules, counters } : { drawRules: rules });
  for (let i = 0; i < record.moves.length; i++) {
    const played = game.playNotation(record.moves[i]);
    if (!played.ok) {
      const number = Math.floor((i + (initial.turn === 'black' ? 1 : 0)) / 2) + 1;
      return fail(
        'pdn-move',
        `Move ${number} (${record.moves[i]}): ${played.error.message}`,
        record.moveOffsets?.[i] ?? at,
      );
    }
  }
  // An ending by a player's act is kept in the Termination tag (as lichess does).
  const termination = tagValue(record.tags, 'Termination');
  if (!game.isOver() && record.result !== '*') {
    // PGN's "time forfeit" is this project's "timeout".
    const said = termination?.trim().toLowerCase() === 'time forfeit' ? 'timeout' : termination;
    const reason = OUTCOME_REASONS.find((r) => r === said) as OutcomeReason | undefined;
    const loser = record.result === '1-0' ? 'black' : 'white';
    if (record.result === '1/2-1/2') {
      if (reason === undefined || reason === 'agreement') game.agreeDraw();
    } else if (reason === 'timeout') game.timeout(loser);
    else game.resign(loser);
  }
  const outcome = game.outcome();
  if (outcome && record.result !== '*' && resultText(outcome) !== record.result)
    return fail(
      'pdn-result',
      `The record says ${record.result}, but the moves end the game ${resultText(outcome)} (${outcome.reason}).`,
      at,
    );
  return ok({ game, tags: record.tags, result: record.result });
}

/** Read every game of a PDN text. */
export function parsePdn(text: string, drawRules: Partial<DrawRules> = {}): Result<PdnGame[], PdnError> {
  const records = parsePdnRecords(text);
  if (!records.ok) return records;
  const games: PdnGame[] = [];
  for (let i = 0; i < records.value.length; i++) {
    const g = recordToGame(records.value[i], drawRules);
    if (!g.ok)
      return records.value.length === 1
        ? g
        : fail(g.error.code, `Game ${i + 1}: ${g.error.message}`, g.error.offset);
    games.push(g.value);
  }
  return ok(games);
}

/** A tag value as written: `\` and `"` escaped; a line break (which no tag may hold) becomes a space. */
const quote = (v: string) =>
  v
    .replace(/\r\n|[\r\n]/g, ' ')
    .replace(/\\/g, '\\\\')
    .replace(/"/g, '\\"');

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
  all.set('DrawRules', drawRulesTag(game.drawRules));
  const c = game.initialCounters;
  if (c.noProgress !== 0 || c.kingsOnly !== 0) all.set('StartCounters', `${c.noProgress},${c.kingsOnly}`);
  else all.delete('StartCounters');
  all.set('Termination', outcome ? outcome.reason : UNTERMINATED);
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
