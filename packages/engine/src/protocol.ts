/**
 * A line protocol on text streams in the spirit of Scan's Hub protocol, so that GUIs and match
 * programs can drive the engine (and `dama match` can drive other engines). One command per line;
 * arguments are `name=value` pairs, values with spaces in double quotes. Both sides ignore commands
 * and arguments they do not know.
 *
 *   hub                         → id name=... version=..., param ..., wait
 *   init                        → ready
 *   pos [fen=FEN] [moves="c3-c4 f6-f5"]   (no fen: the start position)
 *   level depth=N | nodes=N | move-time=S | time=S inc=S   (seconds; the last one given wins)
 *   set-param name=level value=easy|medium|hard|master
 *   go think                    → info depth=N score=S nodes=N time=S nps=N pv="..." lines, then done move=M
 *   stop | new-game | ping (→ pong) | quit
 *
 * Scores are in men (1.00 = one man) from the side to move's point of view; a won position adds
 * `win=N` (plies to the end, negative when losing); when the endgame tables know the position the
 * line also says `tb=win plies=N`, `tb=loss plies=N` or `tb=draw`. Times are in seconds. Moves use
 * the full notation (every landing square).
 *
 * A `pos` that is refused (bad FEN, illegal move) answers `error message=...` and leaves no position:
 * a `go` then answers `error message=...` and no move, until a good `pos` or `new-game`. FENs may
 * put men on rank 1 or 8, as `dama analyse` allows.
 *
 * `HubProtocol` itself is synchronous (`go` answers before the next line is handled); `dama engine`
 * runs it on a worker thread. The `go` commands are numbered (1, 2, …) on both threads; `stop` writes
 * into the shared stop flag the number of `go`s read so far, and the n-th search stops once the flag
 * reaches n. So a `stop` ends the running search at once even when a `pos` and `go` follow in the
 * same write, and never stops the search that follows it. `quit` or the end of the input ends the
 * process at once, also during a search.
 */
import { Game, makeNotation, parsePosition } from '@dama/core';
import { Engine } from './engine.ts';
import { LEVELS, winDistance, type Level, type Limits, type SearchInfo } from './types.ts';

/** The name the engine gives in answer to `hub`. */
export const ENGINE_NAME = 'Dama';
/** The version the engine gives in answer to `hub`. */
export const ENGINE_VERSION = '0.1.0';

/** Split a line into its command and `name=value` arguments (bare words get an empty value). */
export function parseLine(line: string): { command: string; args: Map<string, string> } {
  const args = new Map<string, string>();
  const re = /\s*([^\s=]+)(?:=(?:"([^"]*)"|(\S*)))?/g;
  let command = '';
  let m: RegExpExecArray | null;
  while ((m = re.exec(line)) !== null) {
    if (m[0].trim() === '') break;
    if (command === '' && m[2] === undefined && m[3] === undefined) command = m[1];
    else args.set(m[1], m[2] ?? m[3] ?? '');
  }
  return { command, args };
}

const quote = (s: string): string => `"${s.replace(/"/g, "'")}"`;

/** The protocol's `info` line for one search iteration. */
export function formatInfo(info: SearchInfo): string {
  const win = winDistance(info.score);
  return [
    'info',
    `depth=${info.depth}`,
    `seldepth=${info.seldepth}`,
    `score=${(info.score / 100).toFixed(2)}`,
    ...(win !== undefined ? [`win=${win}`] : []),
    ...(info.tb
      ? [info.tb.result === 'draw' ? 'tb=draw' : `tb=${info.tb.result} plies=${info.tb.plies}`]
      : []),
    `nodes=${info.nodes}`,
    `time=${(info.time / 1000).toFixed(3)}`,
    `nps=${info.nps}`,
    `pv=${quote(info.pv.map(makeNotation).join(' '))}`,
  ].join(' ');
}

/** The protocol's engine side: feed it command lines, it answers through its output callback. */
export class HubProtocol {
  readonly engine: Engine;
  /** The position to think about; undefined after a `pos` that was refused. */
  private game: Game | undefined = new Game();
  /** Why there is no position (the refused `pos`'s error). */
  private refused = '';
  /** The number of `go` commands handled (the shared stop flag counts in these; see `dama engine`). */
  private searches = 0;
  private limits: Limits | undefined;
  private write: (line: string) => void;

  constructor(write: (line: string) => void, engine: Engine = new Engine()) {
    this.write = write;
    this.engine = engine;
  }

  /** Handle one line; false after `quit`. */
  handle(line: string): boolean {
    const { command, args } = parseLine(line);
    switch (command) {
      case 'hub':
        this.write(`id name=${ENGINE_NAME} version=${ENGINE_VERSION} author=${quote('the Dama project')}`);
        this.write(`param name=level value=${this.engine.level} type=enum values=${quote(LEVELS.join(' '))}`);
        this.write('wait');
        break;
      case 'init':
        this.write('ready');
        break;
      case 'ping':
        this.write('pong');
        break;
      case 'new-game':
        this.engine.newGame();
        this.game = new Game();
        this.refused = '';
        break;
      case 'pos':
        this.position(args);
        break;
      case 'level':
        this.level(args);
        break;
      case 'set-param':
        if (args.get('name') === 'level' && (LEVELS as readonly string[]).includes(args.get('value') ?? ''))
          this.engine.setLevel(args.get('value') as Level);
        break;
      case 'go':
        this.think();
        break;
      case 'quit':
        return false;
      default:
        // `stop` and anything unknown: nothing to do.
        break;
    }
    return true;
  }

  /** Set the position; a refused one leaves none, so that a following `go` cannot answer for another. */
  private position(args: Map<string, string>): void {
    this.game = undefined;
    const refuse = (message: string) => {
      this.refused = message;
      this.write(`error message=${quote(message)}`);
    };
    const fen = args.get('fen');
    let game: Game;
    if (fen !== undefined && fen !== '') {
      // As `dama analyse`: composed positions with men on rank 1 or 8 are well defined.
      const pos = parsePosition(fen, { allowEndRankMen: true });
      if (!pos.ok) return refuse(pos.error.message);
      game = new Game(pos.value);
    } else game = new Game();
    for (const text of (args.get('moves') ?? '').split(/\s+/).filter((s) => s !== '')) {
      const r = game.playNotation(text);
      if (!r.ok) return refuse(`${text}: ${r.error.message}`);
    }
    this.game = game;
  }

  private level(args: Map<string, string>): void {
    const num = (name: string): number | undefined => {
      const v = Number(args.get(name));
      return args.has(name) && Number.isFinite(v) && v >= 0 ? v : undefined;
    };
    const depth = num('depth');
    const nodes = num('nodes');
    const moveTime = num('move-time');
    const time = num('time');
    if (depth !== undefined) this.limits = { depth: Math.max(1, Math.floor(depth)) };
    else if (nodes !== undefined) this.limits = { nodes: Math.max(1, Math.floor(nodes)) };
    else if (moveTime !== undefined) this.limits = { movetime: Math.max(1, moveTime * 1000) };
    else if (time !== undefined) this.limits = { clock: time * 1000, increment: (num('inc') ?? 0) * 1000 };
  }

  private think(): void {
    this.searches++;
    this.engine.stopAt = this.searches;
    if (this.game === undefined) {
      this.write(
        `error message=${quote(`No position to think about: the last pos was refused (${this.refused}).`)}`,
      );
      return;
    }
    const r = this.engine.search(this.game, this.limits, (info) => this.write(formatInfo(info)));
    this.write(r.move ? `done move=${makeNotation(r.move)}` : 'done');
  }
}
