// Candidates for the Learn section's tactics and strategy levels, from self-play: positions where
// the side to move has one quiet move that wins material by force (a sacrifice, a decoy), or one
// move that does not lose a piece while every other move is answered by a capture, or by a threat
// of one or of a crowning that the board shows. It prints candidates as JSON lines for a person to
// choose from; the chosen ones are written into src/learn/catalogue.ts by hand, with their texts,
// and catalogue.test.ts proves them.
//
//   npx tsx packages/web/scripts/learn-mine.ts --games 200 --seed 1 --minutes 20 > /tmp/learn.jsonl
import {
  Game,
  makeFen,
  makeNotation,
  parsePosition,
  Random,
  unwrap,
  type Move,
  type Position,
} from '@dama/core';
import { Engine } from '@dama/engine';
import { gainDistance, gainingMoves, isSafe, judgeMove, lead, showsWhy } from '../src/learn/judge.ts';

const arg = (name: string, fallback: number): number => {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 ? Number(process.argv[i + 1]) : fallback;
};
const games = arg('games', 100);
const seed = arg('seed', 1);
const until = Date.now() + arg('minutes', 10) * 60_000;

/** The same position seen from the other side: ranks reversed, colours swapped, White to move. */
function asWhite(pos: Position): Position {
  if (pos.turn === 'white') return pos;
  const fen = makeFen(pos);
  const [, w, b] = fen.split(':');
  const flip = (list: string, color: 'W' | 'B') =>
    color +
    list
      .slice(1)
      .split(',')
      .filter(Boolean)
      .map((sq) => {
        const king = sq.startsWith('K');
        const s = king ? sq.slice(1) : sq;
        return `${king ? 'K' : ''}${s[0]}${9 - Number(s[1])}`;
      })
      .join(',');
  return unwrap(parsePosition(`W:${flip(b, 'W')}:${flip(w, 'B')}`));
}

const noCapture = (pos: Position): boolean => pos.legalMoves().every((m) => m.captures.length === 0);

/** The main line of a gain: the right move, the longest answer, and so on, as notation. */
function line(start: Position, pos: Position, n: number, pieces: number): string[] {
  const out: string[] = [];
  let at = pos;
  for (let left = n; left > 0; left--) {
    const m = gainingMoves(at, left, pieces).find(() => true);
    if (!m) break;
    out.push(makeNotation(m));
    at = at.play(m);
    const replies = at.legalMoves();
    if (replies.length === 0) break;
    let best = replies[0];
    let bestLen = -1;
    for (const r of replies) {
      const after = at.play(r);
      const len =
        lead(start, after, start.turn) >= pieces ? 0 : (gainDistance(after, left - 1, start, pieces) ?? left);
      if (len > bestLen) [best, bestLen] = [r, len];
    }
    out.push(makeNotation(best));
    at = at.play(best);
    if (lead(start, at, start.turn) >= pieces) break;
  }
  return out;
}

function consider(raw: Position, source: string): void {
  const pos = asWhite(raw);
  const white = pos.count('white');
  const black = pos.count('black');
  if (white < 3 || black < 3 || white + black > 18 || !noCapture(pos)) return;
  const legal = pos.legalMoves();
  if (legal.length < 4) return;
  const fen = makeFen(pos);
  if (seen.has(fen)) return;
  seen.add(fen);
  // a sacrifice or a decoy: one quiet move wins two (or more) by force within 2 or 3 moves
  for (const [n, pieces] of [
    [2, 3],
    [2, 2],
    [3, 2],
  ] as const) {
    const right = gainingMoves(pos, n, pieces);
    if (right.length !== 1) continue;
    if (gainDistance(pos, n - 1, pos, pieces) !== undefined) continue;
    print({
      kind: 'gain',
      n,
      pieces,
      fen,
      white,
      black,
      legal: legal.length,
      line: line(pos, pos, n, pieces),
      source,
    });
    return;
  }
  // keeping together: only one move does not lose a piece within 2 moves, and the computer's
  // answer to every other move shows why on the board (no deep shot, no race far away)
  if (legal.length >= 5 && gainingMoves(pos, 2, 1).length === 0) {
    const goal = { kind: 'safe', moves: 2 } as const;
    const safe = legal.filter((m) => isSafe(pos.play(m), 2));
    const shown = (m: Move): boolean => {
      if (m === safe[0]) return true;
      const v = judgeMove(goal, pos, pos, m, 1);
      return v.kind === 'wrong' && v.answer !== undefined && showsWhy(pos.play(m), v.answer);
    };
    if (safe.length === 1 && legal.every(shown))
      print({
        kind: 'safe',
        n: 2,
        fen,
        white,
        black,
        legal: legal.length,
        line: [makeNotation(safe[0])],
        source,
      });
  }
}

const seen = new Set<string>();
function print(x: object): void {
  process.stdout.write(JSON.stringify(x) + '\n');
}

for (let g = 0; g < games && Date.now() < until; g++) {
  const random = new Random(seed * 1_000_003 + g);
  const engines = [0, 1].map(
    (i) => new Engine({ level: 'master', noise: 40 + random.int(80), seed: g * 2 + i }),
  );
  const game = new Game();
  const opening = 2 + random.int(8);
  while (!game.isOver() && game.plies < 160 && Date.now() < until) {
    const pos = game.position;
    const legal = pos.legalMoves();
    if (game.plies < opening) {
      game.play(random.pick(legal));
      continue;
    }
    const r = engines[pos.turnIndex].search(game, { nodes: 3000 });
    if (!r.move) break;
    if (game.plies >= 14) {
      consider(pos, `g${g}p${game.plies}`);
      // the moves not played: they may have allowed the other side a combination
      for (const m of legal) if (m !== r.move) consider(pos.play(m), `g${g}p${game.plies}x`);
    }
    game.play(r.move);
  }
  process.stderr.write(`game ${g} done, ${seen.size} positions\n`);
}
