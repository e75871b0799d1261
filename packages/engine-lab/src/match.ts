/**
 * The match harness: two players (engine configurations here, or external programs through the
 * protocol — see packages/cli/src/commands/match.ts) play every opening of a suite with both colours,
 * refereed by `@dama/core`'s `Game` (an illegal move or no answer loses). The result is summed up as
 * wins, draws and losses, an Elo difference with its 95% error, and an SPRT verdict; games can be
 * written as PDN.
 */
import { Game, makeNotation, Position, resultText, type Move } from '@dama/core';
import {
  Engine,
  type Level,
  type Limits,
  type PatternWeights,
  type SearchParams,
  type Tablebase,
  type Weights,
} from '@dama/engine';

/** One side of a match: an engine of `@dama/engine`, an anchor (anchors.ts) or an outside program (`dama match`). */
export interface Player {
  readonly name: string;
  /** Get ready for a new game; `seed` varies the weaker levels' noise from game to game. */
  newGame(seed: number): void | Promise<void>;
  /** The move to play in `game` (not over); undefined gives up the game. */
  move(game: Game): Move | undefined | Promise<Move | undefined>;
  /** Release the player (an outside program is stopped). */
  close?(): void | Promise<void>;
}

/** An engine of `@dama/engine` as a match player: its level or limits, evaluation, noise and table size. */
export interface EngineConfig {
  name?: string;
  level?: Level;
  /** A rung of the ladder (1 weakest … 8 Master, the engine's `LADDER`) instead of `level`. */
  rung?: number;
  limits?: Limits;
  weights?: Weights;
  patterns?: PatternWeights;
  noise?: number;
  hashMegabytes?: number;
  /** Endgame tables (the levels that play by them probe them: `LEVEL_SETTINGS`). */
  tablebase?: Tablebase;
  /** The search's margins where they differ from the shipped ones (`SearchParams`). */
  searchParams?: Partial<SearchParams>;
}

/** An in-process engine as a player. Each game gets its own noise seed. */
export class EnginePlayer implements Player {
  readonly name: string;
  private engine: Engine;
  constructor(private config: EngineConfig) {
    this.engine = new Engine({
      level: config.level ?? 'master',
      rung: config.rung,
      weights: config.weights,
      patterns: config.patterns,
      noise: config.noise,
      hashMegabytes: config.hashMegabytes ?? 16,
      tablebase: config.tablebase,
      searchParams: config.searchParams,
    });
    this.name = config.name ?? describeConfig(config);
  }
  /** A new game: the table cleared and the noise seeded. */
  newGame(seed: number): void {
    this.engine.newGame();
    this.engine.setSeed(seed);
  }
  move(game: Game): Move | undefined {
    return this.engine.search(game, this.config.limits).move;
  }
}

/** A short name for a player's configuration, for match reports (e.g. `Dama master nodes=2000`). */
export function describeConfig(c: EngineConfig): string {
  const parts: string[] = [c.rung !== undefined ? `rung${c.rung}` : (c.level ?? 'master')];
  if (c.limits)
    parts.push(
      Object.entries(c.limits)
        .map(([k, v]) => `${k}=${v}`)
        .join(','),
    );
  if (c.noise !== undefined) parts.push(`noise=${c.noise}`);
  return `Dama ${parts.join(' ')}`;
}

/**
 * The distinct positions after `plies` plies from the start (2–4 make a useful suite), each with the
 * first move sequence that reaches it, in generator order.
 */
export function openingSuite(plies: number): Move[][] {
  let frontier: { pos: Position; moves: Move[] }[] = [{ pos: Position.start(), moves: [] }];
  for (let p = 0; p < plies; p++) {
    const seen = new Set<string>();
    const next: typeof frontier = [];
    for (const { pos, moves } of frontier)
      for (const m of pos.legalMoves()) {
        const child = pos.play(m);
        const key = child.key();
        if (seen.has(key) || !child.hasLegalMove()) continue;
        seen.add(key);
        next.push({ pos: child, moves: [...moves, m] });
      }
    frontier = next;
  }
  return frontier.map((f) => f.moves);
}

/** The suite indices of `count` openings spread evenly over a suite of `size` (all when count ≥ size). */
export function pickOpeningIndices(size: number, count: number): number[] {
  const n = Math.min(count, size);
  return Array.from({ length: n }, (_, i) => (count >= size ? i : Math.floor((i * size) / count)));
}

/** `count` openings spread evenly over the suite (all of them when count ≥ its size). */
export function pickOpenings(suite: Move[][], count: number): Move[][] {
  return pickOpeningIndices(suite.length, count).map((i) => suite[i]);
}

/** One finished match game: the players, the moves, the result and how it ended, the round. */
export interface MatchGame {
  white: string;
  black: string;
  moves: Move[];
  result: '1-0' | '0-1' | '1/2-1/2' | '*';
  reason: string;
  round: number;
}

/** A match's running result from the first player's side: score, Elo with its 95% error, and the SPRT. */
export interface MatchStats {
  games: number;
  wins: number;
  draws: number;
  losses: number;
  /** Score of the first player, 0–1. */
  score: number;
  elo: number;
  /** Half-width of the 95% interval of `elo` (Infinity after a clean sweep, whose Elo is only a bound). */
  error: number;
  /** Log-likelihood ratio of H1 (elo1) against H0 (elo0), and the verdict at the given error rates. */
  llr: number;
  sprt: 'H1' | 'H0' | 'continue';
}

/** The sequential test's hypotheses (Elo under H0 and H1) and error rates. */
export interface SprtSettings {
  elo0: number;
  elo1: number;
  alpha: number;
  beta: number;
}

/** H0: 0 Elo, H1: +10 Elo, at 5% error each way. */
export const DEFAULT_SPRT: SprtSettings = { elo0: 0, elo1: 10, alpha: 0.05, beta: 0.05 };

const expected = (elo: number): number => 1 / (1 + Math.pow(10, -elo / 400));
const eloOf = (score: number): number => {
  const s = Math.min(Math.max(score, 1e-4), 1 - 1e-4);
  return -400 * Math.log10(1 / s - 1);
};

/** Score, Elo ± 95% error and the SPRT verdict of a result (wins, draws, losses of the first player). */
export function matchStats(wins: number, draws: number, losses: number, sprt = DEFAULT_SPRT): MatchStats {
  const games = wins + draws + losses;
  const score = games > 0 ? (wins + draws / 2) / games : 0.5;
  const variance =
    games > 0 ? (wins * (1 - score) ** 2 + draws * (0.5 - score) ** 2 + losses * score ** 2) / games : 0;
  const stderr = games > 0 ? Math.sqrt(variance / games) : 0;
  const elo = eloOf(score);
  // A clean sweep has no measurable spread: its error is unbounded.
  const error =
    games === 0
      ? 0
      : variance === 0
        ? Infinity
        : (eloOf(score + 1.96 * stderr) - eloOf(score - 1.96 * stderr)) / 2;
  const s0 = expected(sprt.elo0);
  const s1 = expected(sprt.elo1);
  const llr = variance > 0 ? ((s1 - s0) * (2 * (wins + draws / 2) - games * (s0 + s1))) / (2 * variance) : 0;
  const upper = Math.log((1 - sprt.beta) / sprt.alpha);
  const lower = Math.log(sprt.beta / (1 - sprt.alpha));
  return {
    games,
    wins,
    draws,
    losses,
    score,
    elo,
    error,
    llr,
    sprt: llr >= upper ? 'H1' : llr <= lower ? 'H0' : 'continue',
  };
}

/** Longest game before it is adjudicated a draw (the rules end every game, but slowly in theory). */
export const MAX_GAME_PLIES = 600;

/** Play one game from an opening; the referee is `Game`. */
export async function playGame(
  white: Player,
  black: Player,
  opening: readonly Move[],
  round: number,
): Promise<MatchGame> {
  const game = new Game();
  for (const m of opening) game.play(m);
  await white.newGame(round * 2);
  await black.newGame(round * 2 + 1);
  let reason = '';
  let result: MatchGame['result'] = '*';
  while (true) {
    const outcome = game.outcome();
    if (outcome) {
      result = resultText(outcome);
      reason = outcome.reason;
      break;
    }
    if (game.plies >= MAX_GAME_PLIES) {
      result = '1/2-1/2';
      reason = 'adjudicated';
      break;
    }
    const player = game.position.turn === 'white' ? white : black;
    const move = await player.move(game);
    if (!move || !game.play(move).ok) {
      result = game.position.turn === 'white' ? '0-1' : '1-0';
      reason = move ? 'illegal move' : 'no move';
      break;
    }
  }
  return { white: white.name, black: black.name, moves: game.moves, result, reason, round };
}

/** A match's openings (each played twice, colours swapped), its SPRT, and a callback after each game. */
export interface MatchOptions {
  openings: Move[][];
  sprt?: SprtSettings;
  /** Stop early when the SPRT decides. */
  stopOnSprt?: boolean;
  /** Called after each game with its record and the statistics so far. */
  onGame?: (record: MatchGame, stats: MatchStats) => void;
}

/** Every opening twice, colours swapped; statistics from `a`'s point of view. */
export async function playMatch(
  a: Player,
  b: Player,
  options: MatchOptions,
): Promise<{ stats: MatchStats; games: MatchGame[] }> {
  let wins = 0;
  let draws = 0;
  let losses = 0;
  const games: MatchGame[] = [];
  let stats = matchStats(0, 0, 0, options.sprt);
  for (let i = 0; i < options.openings.length; i++) {
    for (const aWhite of [true, false]) {
      const record = await playGame(aWhite ? a : b, aWhite ? b : a, options.openings[i], games.length);
      games.push(record);
      const aWon = record.result === (aWhite ? '1-0' : '0-1');
      const bWon = record.result === (aWhite ? '0-1' : '1-0');
      if (aWon) wins++;
      else if (bWon) losses++;
      else draws++;
      stats = matchStats(wins, draws, losses, options.sprt);
      options.onGame?.(record, stats);
      if (options.stopOnSprt && stats.sprt !== 'continue') return { stats, games };
    }
  }
  return { stats, games };
}

/** The games as PDN (`GameType "30"`: Turkish draughts). */
export function gamesToPdn(games: readonly MatchGame[], event = 'Dama match'): string {
  return games
    .map((g) => {
      const tags = [
        `[Event "${event}"]`,
        `[Round "${g.round + 1}"]`,
        `[White "${g.white}"]`,
        `[Black "${g.black}"]`,
        `[Result "${g.result}"]`,
        `[GameType "30"]`,
        ...(g.reason ? [`[Termination "${g.reason}"]`] : []),
      ];
      const words: string[] = [];
      g.moves.forEach((m, i) => {
        if (i % 2 === 0) words.push(`${i / 2 + 1}.`);
        words.push(makeNotation(m));
      });
      words.push(g.result);
      const lines: string[] = [];
      let line = '';
      for (const w of words) {
        if (line.length + w.length + 1 > 80) {
          lines.push(line);
          line = w;
        } else line = line ? `${line} ${w}` : w;
      }
      if (line) lines.push(line);
      return `${tags.join('\n')}\n\n${lines.join('\n')}\n`;
    })
    .join('\n');
}
