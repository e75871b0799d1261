import { spawn, type ChildProcessByStdio } from 'node:child_process';
import type { Readable, Writable } from 'node:stream';
import { writeFileSync } from 'node:fs';
import { createInterface } from 'node:readline';
import { makeFen, makeNotation, parseNotation, type Game, type Move } from '@dama/core';
import { LEVELS, type Level, type Limits } from '@dama/engine';
import { loadWeightsFile } from '@dama/engine/node';
import {
  DEFAULT_SPRT,
  describeConfig,
  EnginePlayer,
  gamesToPdn,
  openingSuite,
  pickOpenings,
  playMatch,
  type EngineConfig,
  type Player,
} from '@dama/engine-lab';
import { checkOptions, intArg, parseArgs, UsageError } from '../cli.ts';

const USAGE =
  'usage: dama match --a SPEC --b SPEC [--plies 2-4] [--openings N] [--sprt ELO0,ELO1] [--pdn FILE]\n' +
  '  SPEC: level=easy|medium|hard|master[,depth=N|nodes=N|movetime=MS][,noise=N][,eval=learned|hand]  or  cmd=PROGRAM ARGS';

/**
 * `dama match`: two players from an opening suite, each opening with both colours; prints every game
 * and then wins/draws/losses for A, the Elo difference ± its 95% error and the SPRT verdict.
 */
export async function matchCommand(argv: string[]): Promise<void> {
  const args = parseArgs(argv);
  checkOptions(args, ['a', 'b', 'plies', 'openings', 'sprt', 'pdn', 'stop-on-sprt', 'timeout']);
  const specA = args.options.get('a');
  const specB = args.options.get('b');
  if (typeof specA !== 'string' || typeof specB !== 'string' || args.positional.length > 0)
    throw new UsageError(USAGE);
  const plies = args.options.has('plies') ? intArg(args.options.get('plies'), '--plies', 0, 6) : 2;
  const suite = openingSuite(plies);
  const count = args.options.has('openings')
    ? intArg(args.options.get('openings'), '--openings', 1, suite.length)
    : suite.length;
  const timeout = args.options.has('timeout')
    ? intArg(args.options.get('timeout'), '--timeout', 1, 86400)
    : 60;
  let sprt = DEFAULT_SPRT;
  const sprtText = args.options.get('sprt');
  if (typeof sprtText === 'string') {
    const [e0, e1] = sprtText.split(',').map(Number);
    if (!Number.isFinite(e0) || !Number.isFinite(e1)) throw new UsageError('--sprt must be ELO0,ELO1');
    sprt = { ...DEFAULT_SPRT, elo0: e0, elo1: e1 };
  }
  const a = makePlayer(specA, 'A', timeout);
  const b = makePlayer(specB, 'B', timeout);
  try {
    const { stats, games } = await playMatch(a, b, {
      openings: pickOpenings(suite, count),
      sprt,
      stopOnSprt: args.options.get('stop-on-sprt') === 'yes',
      onGame: (g, s) =>
        process.stdout.write(
          `game ${g.round + 1}: ${g.white} - ${g.black} ${g.result} (${g.reason}, ${g.moves.length} plies)  ` +
            `A +${s.wins} =${s.draws} -${s.losses}\n`,
        ),
    });
    process.stdout.write(
      `${a.name} vs ${b.name}: ${stats.games} games, +${stats.wins} =${stats.draws} -${stats.losses}, ` +
        `score ${(stats.score * 100).toFixed(1)}%, Elo ${stats.elo.toFixed(0)} ± ${stats.error.toFixed(0)}, ` +
        `SPRT(${sprt.elo0},${sprt.elo1}) LLR ${stats.llr.toFixed(2)} ${stats.sprt}\n`,
    );
    const pdn = args.options.get('pdn');
    if (typeof pdn === 'string') writeFileSync(pdn, gamesToPdn(games));
  } finally {
    await a.close?.();
    await b.close?.();
  }
}

function makePlayer(spec: string, label: string, timeout: number): Player {
  if (spec.startsWith('cmd=')) return new ExternalPlayer(spec.slice(4), timeout);
  const config: EngineConfig = {};
  let evaluation = 'learned';
  let limits: Limits | undefined;
  for (const part of spec.split(',')) {
    const [key, value] = part.split('=');
    const n = Number(value);
    if (key === 'level' || (value === undefined && (LEVELS as readonly string[]).includes(key))) {
      const level = value ?? key;
      if (!(LEVELS as readonly string[]).includes(level))
        throw new UsageError(`${label}: unknown level ${level}`);
      config.level = level as Level;
    } else if (key === 'depth' && n > 0) limits = { depth: n };
    else if (key === 'nodes' && n > 0) limits = { nodes: n };
    else if (key === 'movetime' && n > 0) limits = { movetime: n };
    else if (key === 'noise' && n >= 0) config.noise = n;
    else if (key === 'eval' && (value === 'learned' || value === 'hand')) evaluation = value;
    else throw new UsageError(`${label}: cannot read "${part}" (${USAGE.split('\n')[1].trim()})`);
  }
  config.limits = limits;
  if (evaluation === 'learned') config.patterns = loadWeightsFile();
  else config.name = `${describeConfig(config)} eval=hand`;
  return new EnginePlayer(config);
}

/** A program that speaks the Hub-style protocol (packages/engine/src/protocol.ts), as a player. */
class ExternalPlayer implements Player {
  name: string;
  private child: ChildProcessByStdio<Writable, Readable, null>;
  private waiting: ((line: string) => void)[] = [];
  private ready: Promise<void>;

  constructor(
    command: string,
    private timeoutSeconds: number,
  ) {
    this.name = command;
    this.child = spawn(command, { shell: true, stdio: ['pipe', 'pipe', 'inherit'] });
    const lines = createInterface({ input: this.child.stdout });
    lines.on('line', (line) => {
      for (const w of this.waiting) w(line);
    });
    this.ready = (async () => {
      this.send('hub');
      const id = await this.until((l) => l.startsWith('id '));
      const name = /name=("([^"]*)"|\S+)/.exec(id ?? '');
      if (name) this.name = name[2] ?? name[1];
      await this.until((l) => l === 'wait');
      this.send('init');
      await this.until((l) => l === 'ready');
    })();
  }

  private send(line: string): void {
    this.child.stdin.write(`${line}\n`);
  }

  /** The first line that passes `test`, or undefined after the timeout. */
  private until(test: (line: string) => boolean): Promise<string | undefined> {
    return new Promise((resolve) => {
      const timer = setTimeout(() => finish(undefined), this.timeoutSeconds * 1000);
      const listener = (line: string) => {
        if (test(line)) finish(line);
      };
      const finish = (line: string | undefined) => {
        clearTimeout(timer);
        this.waiting = this.waiting.filter((w) => w !== listener);
        resolve(line);
      };
      this.waiting.push(listener);
    });
  }

  async newGame(): Promise<void> {
    await this.ready;
    this.send('new-game');
  }

  async move(game: Game): Promise<Move | undefined> {
    await this.ready;
    const moves = game.moves.map(makeNotation).join(' ');
    this.send(`pos fen=${makeFen(game.initial)} moves="${moves}"`);
    this.send('go think');
    const done = await this.until((l) => l.startsWith('done'));
    const text = /move=(\S+)/.exec(done ?? '')?.[1];
    if (!text) return undefined;
    const parsed = parseNotation(game.position, text);
    return parsed.ok ? parsed.value : undefined;
  }

  async close(): Promise<void> {
    this.send('quit');
    this.child.stdin.end();
    await new Promise((resolve) => setTimeout(resolve, 100));
    if (this.child.exitCode === null) this.child.kill();
  }
}
