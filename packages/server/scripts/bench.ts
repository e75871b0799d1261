/**
 * `npm run bench:server`: one server instance under N games played at human pace, for each N asked.
 *
 * Two processes on two cores: the server (`src/main.ts`, SQLite file in a temp dir) pinned to core 0,
 * and the load generator (`scripts/loadgen.ts`: its own sockets, from many loopback addresses)
 * pinned to core 1, each started through `bash -c 'ulimit -n 65536 && exec taskset …'`. This process
 * only drives them: it ramps the generator up, waits until all N games are being played, lets them
 * settle, then measures a window (5 minutes by default) and writes the step's result as a JSON line
 * to the results file before the next step. A table at the end. Everything is torn down after each
 * step (children killed, temp dir removed at the end), and the whole run has a hard time bound.
 * Before and after each step, `calibrate.ts` measures the host's speed on the server's core (a
 * shared host's speed varies), and the results carry it with the latency it goes with.
 *
 * Usage: npm run bench:server [-- --games 1000,2000,5000,10000 --minutes 5]
 *   --games      games played at once, one step each (at most 10,000)
 *   --minutes    the measured window of each step (5)
 *   --ramp       new games a second while ramping up (200)
 *   --settle     seconds between the last game starting and the window (10)
 *   --per-address  games an address, 127.0.0.2 on (100: 200 sockets an address)
 *   --clock      minutes+increment of every game, or none (10+5)
 *   --full-snapshots  clients that take no `move` messages: every change comes as a full snapshot
 *   --pings      quiet (the app's: a ping only after 10 s without traffic both ways) or every (every 10 s)
 *   --out        the results file, one JSON line a step (a new file in the temp dir)
 *   --max-minutes  the bound on the whole run (the steps' own bounds added up)
 *   --cpu-prof   a folder: the server and the generator write V8 CPU profiles of each step there
 *   --db-dir     where the SQLite file goes (the temp dir; /dev/shm takes the disk out)
 *   --node-flags=…  V8 flags for the server, space-separated after the = (those of `npm start -w @dama/server`)
 *   --gen-flags=…  V8 flags for the load generator (GEN_FLAGS below; "" for Node's defaults)
 *   --server-log  a file: every line the server writes (with V8 traces such as --trace-gc-nvp) is added to it
 *   --heap-sample a folder: the server's heap is sampled over each window (what reaches the old
 *                 generation; with --heap-sample-all, every allocation), `server-N.heapprofile` there
 *                 (`scripts/heap-sites.ts` reads it)
 *   --floor      measure `scripts/floor.ts` instead of the server: the protocol's sockets, JSON and
 *                rules with none of the server's work (what this host's core gives before the server's own)
 *   --note       words kept with the results (what was measured)
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { appendFileSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { get } from 'node:http';
import { createServer } from 'node:net';
import { availableParallelism, loadavg, tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { createInterface } from 'node:readline';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import type { GcPauses } from './gc.ts';

/** The `--flags` between `node` and `--import tsx` in the server's start script. */
function startFlags(): string {
  const pkg = JSON.parse(readFileSync(resolve(here, '../package.json'), 'utf8')) as {
    scripts: { start: string };
  };
  const m = /^node((?: --[\w-]+(?:=\S+)?)*) --import tsx /.exec(pkg.scripts.start);
  return m ? m[1] : '';
}

/** A timer task or commit of the server longer than this is logged and kept with the step (ms). */
const SLOW_TASK_MS = 50;
const MAX_SLOW = 5000;

/** The children running (killed on any exit) and the temp dir (removed). */
const children = new Set<ChildProcess>();
let dir: string | undefined;
/** Where the database goes when not in the temp dir (`--db-dir`): its own temp dir there, removed at the end. */
let DB_DIR: string | undefined;

const here = dirname(fileURLToPath(import.meta.url));
const ROOT = resolve(here, '../../..');
const MAIN = resolve(here, '../src/main.ts');
const FLOOR = resolve(here, 'floor.ts');
const LOADGEN = resolve(here, 'loadgen.ts');
const PROBE = resolve(here, 'probe.ts');
const CALIBRATE = resolve(here, 'calibrate.ts');

/**
 * Open files each child may have: 10,000 games are 20,000 sockets in each process, and the shell's
 * limit is often exactly that. Raised to `NOFILE` when the hard limit allows or can be raised (root
 * with CAP_SYS_RESOURCE); else the hard limit, if every step fits in it (`needFiles`).
 */
const NOFILE = 65_536;
const NOFILE_FAILED = 97;
const MAX_GAMES = 10_000;
/**
 * Files a process needs for N games: two sockets a game, up to two HTTP connections an address
 * (`loadgen.ts` keeps them alive), and its own (database, stdio, epoll, …: about 50, counted 100).
 */
const FILE_MARGIN = 100;
const needFiles = (games: number) => 2 * games + 2 * Math.ceil(games / PER_ADDRESS) + FILE_MARGIN;
/** The open-file limit the children get (set by the preflight below). */
let nofile = NOFILE;

const { values: opt } = parseArgs({
  options: {
    games: { type: 'string', default: '1000,2000,5000,10000' },
    minutes: { type: 'string', default: '5' },
    ramp: { type: 'string', default: '200' },
    settle: { type: 'string', default: '10' },
    'per-address': { type: 'string', default: '100' },
    clock: { type: 'string', default: '10+5' },
    'full-snapshots': { type: 'boolean', default: false },
    pings: { type: 'string', default: 'quiet' },
    out: { type: 'string' },
    'max-minutes': { type: 'string' },
    'cpu-prof': { type: 'string' },
    note: { type: 'string' },
    floor: { type: 'boolean', default: false },
    'db-dir': { type: 'string' },
    'node-flags': { type: 'string' },
    'gen-flags': { type: 'string' },
    'server-log': { type: 'string' },
    'heap-sample': { type: 'string' },
    'heap-sample-all': { type: 'boolean', default: false },
  },
});

function die(message: string): never {
  console.error(`bench:server: ${message}`);
  cleanup();
  process.exit(2);
}

const STEPS = opt.games.split(',').map((s) => Number(s.trim()));
for (const n of STEPS)
  if (!Number.isInteger(n) || n < 1 || n > MAX_GAMES)
    die(`--games takes games per step, 1 to ${MAX_GAMES.toLocaleString('en-US')}, not ${n}`);
const MINUTES = Number(opt.minutes);
if (!(MINUTES > 0)) die('--minutes must be more than 0');
const RAMP = Number(opt.ramp);
if (!(RAMP > 0 && RAMP <= 1000)) die('--ramp is new games a second, 1 to 1,000');
const PER_ADDRESS = Number(opt['per-address']);
if (!(Number.isInteger(PER_ADDRESS) && PER_ADDRESS >= 1 && PER_ADDRESS <= 100))
  die('--per-address is games an address, 1 to 100');
if (Math.max(...STEPS) / PER_ADDRESS > 253)
  die(
    `${Math.max(...STEPS)} games at ${PER_ADDRESS} an address need more than the 253 addresses 127.0.0.2–254`,
  );
const SETTLE = Number(opt.settle);
if (!(SETTLE >= 0)) die('--settle is seconds');
if (opt.pings !== 'quiet' && opt.pings !== 'every') die('--pings is quiet or every');
/** Each step: the ramp (with a minute of slack), the settling, the window, the result and teardown, two calibrations. */
const stepBound = (n: number) => n / RAMP + 60 + SETTLE + MINUTES * 60 + 120 + 2 * 60;
const MAX_MINUTES = Number(
  opt['max-minutes'] ?? (STEPS.reduce((s, n) => s + stepBound(n), 0) / 60 + 2).toFixed(1),
);
const OUT = resolve(
  opt.out ?? join(tmpdir(), `dama-bench-server-${new Date().toISOString().replace(/[:.]/g, '-')}.jsonl`),
);
// The results file's folder is made now: a step's result is not lost at its end for want of it.
mkdirSync(dirname(OUT), { recursive: true });
/** The server's V8 flags: by default the ones its start script gives it (packages/server/package.json). */
const NODE_FLAGS = (opt['node-flags'] ?? startFlags()).split(/\s+/).filter(Boolean);
/**
 * The load generator's V8 flags. It is the instrument: its own major collections (19,000 sockets to
 * mark at 9,500 games) stall it for 100–350 ms, and every move it receives meanwhile counts as slow
 * against the server. One helper thread, as the server has (with Node's four, on its one core, the
 * stalls were longest). An old generation that may reach 2 GB before its first major collection
 * keeps them out of a run (a run is bounded: a few hundred MB reach it), at the price of memory.
 */
const DEFAULT_GEN_FLAGS = '--v8-pool-size=1 --initial-old-space-size=2048 --max-old-space-size=4096';
const GEN_FLAGS = (opt['gen-flags'] ?? DEFAULT_GEN_FLAGS).split(/\s+/).filter(Boolean);
const CPU_PROF = opt['cpu-prof'] ? resolve(opt['cpu-prof']) : undefined;
const SERVER_LOG = opt['server-log'] ? resolve(opt['server-log']) : undefined;
const HEAP_SAMPLE = opt['heap-sample'] ? resolve(opt['heap-sample']) : undefined;

// ---------------------------------------------------------------------------------------------------
// Children, cleanup, the time bound

function cleanup(): void {
  for (const c of children) if (c.exitCode === null && c.signalCode === null) c.kill('SIGKILL');
  children.clear();
  for (const d of [dir, DB_DIR]) if (d) rmSync(d, { recursive: true, force: true });
  dir = DB_DIR = undefined;
}
process.on('exit', cleanup);
for (const sig of ['SIGINT', 'SIGTERM', 'SIGHUP'] as const)
  process.on(sig, () => {
    console.error(`bench:server: ${sig}, tearing down`);
    cleanup();
    process.exit(130);
  });

/** This process's event-loop delay (10 ms timer), for the window: it idles, so a delay is the machine's. */
const idleDelay = monitorEventLoopDelay({ resolution: 10 });
idleDelay.enable();

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** A child through bash: the open-file limit raised, pinned to `core`, then `exec` node. */
function pinned(
  name: string,
  core: number,
  args: string[],
  env: NodeJS.ProcessEnv,
  onStdoutLine?: (proc: Proc, line: string) => void,
): Proc {
  const child = spawn(
    'bash',
    [
      '-c',
      `ulimit -n ${nofile} || exit ${NOFILE_FAILED}; exec taskset -c ${core} "$0" "$@"`,
      process.execPath,
      ...args,
    ],
    { cwd: ROOT, env, stdio: ['pipe', 'pipe', 'pipe'] },
  );
  children.add(child);
  const proc = new Proc(name, child, onStdoutLine);
  child.once('exit', () => children.delete(child));
  return proc;
}

/** A child's output (the last lines kept, warnings and errors counted) and its exit. */
class Proc {
  readonly tail: string[] = [];
  lines = 0;
  /** Log lines at pino level warn (40) or above, and lines that name an Error. */
  warnings = 0;
  /** The server's 'slow task' lines (`DAMA_LIMITS` slowTask): [epoch ms, task, ms, writes?]. */
  readonly slow: [number, string, number, number?][] = [];
  readonly exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
  private watchers: { pattern: RegExp; resolve: () => void }[] = [];

  constructor(
    readonly name: string,
    readonly child: ChildProcess,
    onStdoutLine?: (proc: Proc, line: string) => void,
  ) {
    this.exited = new Promise((r) => child.once('exit', (code, signal) => r({ code, signal })));
    createInterface({ input: child.stderr! }).on('line', (line) => this.log(line));
    createInterface({ input: child.stdout! }).on('line', (line) =>
      onStdoutLine ? onStdoutLine(this, line) : this.log(line),
    );
  }

  log(line: string): void {
    this.lines++;
    if (SERVER_LOG && this.name === 'server') appendFileSync(SERVER_LOG, line + '\n');
    if (line.includes('"msg":"slow task"') && this.slow.length < MAX_SLOW) {
      const l = JSON.parse(line) as { time: number; task: string; ms: number; writes?: number };
      this.slow.push(l.writes === undefined ? [l.time, l.task, l.ms] : [l.time, l.task, l.ms, l.writes]);
      return;
    }
    if (/"level":\s*(4|5|6)0\b/.test(line) || /\bError\b/.test(line)) this.warnings++;
    this.tail.push(line);
    if (this.tail.length > 40) this.tail.shift();
    for (const w of this.watchers.splice(0))
      if (w.pattern.test(line)) w.resolve();
      else this.watchers.push(w);
  }

  /** Resolves when a line matches; rejects if the child exits first or after `ms`. */
  waitFor(pattern: RegExp, ms: number): Promise<void> {
    return new Promise((res, rej) => {
      const timer = setTimeout(() => rej(new Error(`${this.name}: no ${pattern} within ${ms} ms`)), ms);
      this.watchers.push({
        pattern,
        resolve: () => {
          clearTimeout(timer);
          res();
        },
      });
      void this.exited.then(({ code }) => {
        clearTimeout(timer);
        rej(new Error(this.exitMessage(code)));
      });
    });
  }

  exitMessage(code: number | null): string {
    if (code === NOFILE_FAILED)
      return `${this.name}: could not set the open-file limit to ${nofile} (ulimit -n)`;
    return `${this.name} exited (${code}):\n${this.tail.join('\n')}`;
  }

  /** Stops the child: `signal`, then SIGKILL after `ms`. */
  async stop(signal: NodeJS.Signals, ms: number): Promise<void> {
    if (this.child.exitCode !== null || this.child.signalCode !== null) return;
    this.child.kill(signal);
    const timer = setTimeout(() => this.child.kill('SIGKILL'), ms);
    await this.exited;
    clearTimeout(timer);
  }
}

function freePort(): Promise<number> {
  return new Promise((res, rej) => {
    const srv = createServer();
    srv.once('error', rej);
    srv.listen(0, '127.0.0.1', () => {
      const addr = srv.address();
      const port = typeof addr === 'object' && addr ? addr.port : 0;
      srv.close(() => res(port));
    });
  });
}

interface Health {
  rss: number | null;
  heapUsed: number | null;
  sockets: number | null;
  /** The resident set of the server process read from /proc (a check on `rss`). */
  procRss: number | null;
  /** Its open files (/proc/<pid>/fd). */
  fds: number | null;
  ms: number;
}

/** GET /api/health, timed; the fields the benchmark reads (null when the server does not give one). */
function health(port: number, pid: number): Promise<Health> {
  const t = performance.now();
  return new Promise((resolve, reject) => {
    const req = get({ host: '127.0.0.1', port, path: '/api/health', timeout: 30_000 }, (res) => {
      let text = '';
      res.setEncoding('utf8');
      res.on('data', (c: string) => (text += c));
      res.on('end', () => {
        try {
          const h = JSON.parse(text) as Record<string, unknown>;
          const num = (v: unknown) => (typeof v === 'number' ? v : null);
          resolve({
            rss: num(h.rss),
            heapUsed: num(h.heapUsed),
            sockets: num(h.sockets),
            procRss: procRss(pid),
            fds: fdCount(pid),
            ms: performance.now() - t,
          });
        } catch {
          reject(new Error(`/api/health answered ${res.statusCode}: ${text.slice(0, 200)}`));
        }
      });
    });
    req.on('timeout', () => req.destroy(new Error('/api/health: no answer in 30 s')));
    req.on('error', reject);
  });
}

/** GET `path` on the server: the status and the body text. */
function fetchText(port: number, path: string): Promise<{ status: number; text: string }> {
  return new Promise((resolve, reject) => {
    const req = get({ host: '127.0.0.1', port, path, timeout: 30_000 }, (res) => {
      let text = '';
      res.setEncoding('utf8');
      res.on('data', (c: string) => (text += c));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, text }));
    });
    req.on('timeout', () => req.destroy(new Error(`${path}: no answer in 30 s`)));
    req.on('error', reject);
  });
}

/**
 * The server's own counters from `GET /metrics` (Prometheus text), when it has them: every
 * `dama_*` sample by name and labels. Null when the server has no such endpoint.
 */
async function scrape(port: number): Promise<Map<string, number> | null> {
  const r = await fetchText(port, '/metrics').catch(() => undefined);
  if (!r || r.status !== 200) return null;
  const out = new Map<string, number>();
  for (const line of r.text.split('\n')) {
    const m = /^(dama_[a-z_]+(?:\{[^}]*\})?) ([-+\d.eE]+|NaN|\+Inf)$/.exec(line);
    if (m) out.set(m[1], Number(m[2]));
  }
  return out;
}

/**
 * What the server counted between two scrapes: sockets it dropped by reason, messages it refused by
 * code, moves, and the quantiles of its own move-handling time (arrival to sent, the bucket a
 * quantile falls in, as an upper bound).
 */
function serverCounters(before: Map<string, number>, after: Map<string, number>) {
  const delta = (k: string) => (after.get(k) ?? 0) - (before.get(k) ?? 0);
  const by = (name: string, label: string) =>
    Object.fromEntries(
      [...after.keys()]
        .filter((k) => k.startsWith(`${name}{`))
        .map((k) => [new RegExp(`${label}="([^"]*)"`).exec(k)?.[1] ?? k, delta(k)])
        .filter(([, n]) => n !== 0),
    );
  const buckets = [...after.keys()]
    .filter((k) => k.startsWith('dama_move_latency_milliseconds_bucket{'))
    .map((k) => ({ le: Number(/le="([^"]*)"/.exec(k)?.[1].replace('+Inf', 'Infinity')), n: delta(k) }))
    .sort((a, b) => a.le - b.le);
  const total = buckets.at(-1)?.n ?? 0;
  const quantile = (q: number) => buckets.find((b) => b.n >= q * total)?.le ?? null;
  return {
    moves: delta('dama_moves_total'),
    /** SQLite's group commits of game writes, and the writes they took. */
    commits: delta('dama_db_commits_total'),
    commitWrites: delta('dama_db_commit_writes_total'),
    dropped: by('dama_dropped_sockets_total', 'reason'),
    refused: by('dama_refused_messages_total', 'code'),
    moveMsAtMost: total ? { p50: quantile(0.5), p99: quantile(0.99), max: quantile(1) } : null,
  };
}

function fdCount(pid: number | undefined): number | null {
  try {
    return pid ? readdirSync(`/proc/${pid}/fd`).length : null;
  } catch {
    return null;
  }
}

function procRss(pid: number): number | null {
  try {
    const m = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
    return m ? Number(m[1]) * 1024 : null;
  } catch {
    return null;
  }
}

/** Each core's jiffies from /proc/stat: all, busy (not idle or waiting), and in interrupts. */
function coreTimes(): { total: number; busy: number; irq: number; steal: number }[] {
  return readFileSync('/proc/stat', 'utf8')
    .split('\n')
    .filter((l) => /^cpu\d+ /.test(l))
    .map((l) => {
      const f = l.trim().split(/\s+/).slice(1, 9).map(Number);
      const total = f.reduce((a, b) => a + b, 0);
      return { total, busy: total - f[3] - f[4], irq: f[5] + f[6], steal: f[7] };
    });
}

/** A process's CPU time in jiffies (user + system, all its threads), from /proc/<pid>/stat. */
function procTicks(pid: number | undefined): number {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const f = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return Number(f[11]) + Number(f[12]);
  } catch {
    return NaN;
  }
}

/**
 * What each core did over a window: busy, in interrupts (the kernel's loopback networking is mostly
 * softirq), taken by the process pinned to it, stolen by the hypervisor, and the rest (other
 * processes, the kernel).
 */
function coreUse(
  before: ReturnType<typeof coreTimes>,
  after: ReturnType<typeof coreTimes>,
  pinnedTicks: number[],
) {
  return after.slice(0, 2).map((a, i) => {
    const total = a.total - before[i].total;
    const busy = (a.busy - before[i].busy) / total;
    const irq = (a.irq - before[i].irq) / total;
    const ours = pinnedTicks[i] / total;
    const steal = (a.steal - before[i].steal) / total;
    return { busy, irq, ours, steal, rest: busy - irq - ours - steal };
  });
}

/**
 * The kernel's pressure stall totals (/proc/pressure, µs): time some task (or every task, `full`)
 * waited for a CPU, for IO, for memory. Over a window, the share of it spent so.
 */
function pressure(): Record<string, number> {
  const out: Record<string, number> = {};
  for (const what of ['cpu', 'io', 'memory'])
    try {
      for (const line of readFileSync(`/proc/pressure/${what}`, 'utf8').trim().split('\n')) {
        const m = /^(some|full) .*total=(\d+)/.exec(line);
        if (m) out[`${what}-${m[1]}`] = Number(m[2]);
      }
    } catch {
      // no PSI in this kernel: nothing to report
    }
  return out;
}
function pressureShare(before: Record<string, number>, after: Record<string, number>, ms: number) {
  return Object.fromEntries(Object.keys(after).map((k) => [k, (after[k] - before[k]) / 1000 / ms]));
}

interface ProbeLine {
  ms: number;
  cpu: number;
  elu: number;
  delay: { p50: number; p99: number; max: number; mean: number };
  gc: GcPauses;
  /** Bytes the old generation grew by (its rises between samples a second apart). */
  oldGrowth?: number;
  /** Event-loop stalls over 100 ms: [epoch ms when it ended, length ms]. */
  stalls?: [number, number][];
}

/** Asks the server's probe for what it saw since the last ask (SIGUSR2) and reads its answer. */
async function probe(file: string, pid: number): Promise<ProbeLine | null> {
  const lines = () => {
    try {
      return readFileSync(file, 'utf8').trim().split('\n');
    } catch {
      return [];
    }
  };
  const before = lines();
  if (!before.some((l) => l.includes('"ready"'))) return null; // never kill the server with a signal it does not handle
  process.kill(pid, 'SIGUSR2');
  for (let i = 0; i < 100; i++) {
    await sleep(100);
    const now = lines();
    if (now.length > before.length) return JSON.parse(now[now.length - 1]) as ProbeLine;
  }
  return null;
}

// ---------------------------------------------------------------------------------------------------
// The generator's events

interface GenEvent {
  event: string;
  [key: string]: unknown;
}

class Events {
  private seen: GenEvent[] = [];
  private waiters: { name: string; resolve: (e: GenEvent) => void }[] = [];
  last: Record<string, GenEvent> = {};

  push(e: GenEvent): void {
    this.seen.push(e);
    this.last[e.event] = e;
    for (const w of this.waiters.splice(0))
      if (w.name === e.event) w.resolve(e);
      else this.waiters.push(w);
  }

  /** The next event `name` (or one already seen and not taken). */
  next(name: string, ms: number, exited: Promise<unknown>, onExit: () => string): Promise<GenEvent> {
    const i = this.seen.findIndex((e) => e.event === name);
    if (i >= 0) return Promise.resolve(this.seen.splice(i, 1)[0]);
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`loadgen: no ${name} within ${ms} ms`)), ms);
      this.waiters.push({
        name,
        resolve: (e) => {
          clearTimeout(timer);
          this.seen.splice(this.seen.indexOf(e), 1);
          resolve(e);
        },
      });
      void exited.then(() => {
        clearTimeout(timer);
        reject(new Error(onExit()));
      });
    });
  }
}

// ---------------------------------------------------------------------------------------------------
// One step

function git(args: string[]): string {
  const r = spawnSync('git', args, { cwd: ROOT, encoding: 'utf8' });
  return r.status === 0 ? r.stdout.trim() : '';
}

const inGit = spawnSync('git', ['rev-parse', '--git-dir'], { cwd: ROOT }).status === 0;
const run = {
  date: new Date().toISOString(),
  node: process.version,
  cpus: availableParallelism(),
  nodeFlags: NODE_FLAGS,
  genFlags: GEN_FLAGS,
  commit: inGit ? git(['rev-parse', '--short', 'HEAD']) : null,
  /** Uncommitted changes under packages/server/src at the start: the server measured is not exactly `commit`. */
  serverDirty: inGit
    ? spawnSync('git', ['diff', '--quiet', 'HEAD', '--', 'packages/server/src'], { cwd: ROOT }).status !==
        0 || git(['ls-files', '--others', '--exclude-standard', 'packages/server/src']) !== ''
    : null,
  /** What was measured, in words (`--note`), e.g. a tree exported from a commit. */
  note: opt.note ?? null,
  /** What was measured: the server, or `floor.ts` (`--floor`). */
  target: opt.floor ? 'floor' : 'server',
  nofile: 0,
  minutes: MINUTES,
  ramp: RAMP,
  settle: SETTLE,
  perAddress: PER_ADDRESS,
  clock: opt.clock,
  /** Whether the clients took every change as a full snapshot (no `move` messages). */
  fullSnapshots: opt['full-snapshots'],
  /** When the clients pinged: `quiet` (the app's rule) or `every` 10 s. */
  pings: opt.pings,
  dbDir: opt['db-dir'] ?? null,
};

type Step = Record<string, unknown> & { games: number };

/**
 * The host's speed now (`calibrate.ts` on the server's core, nothing else of the bench running):
 * `record.move`'s microseconds a move, or null if it could not be measured.
 */
function calibrate(): number | null {
  const r = spawnSync('taskset', ['-c', '0', process.execPath, '--import', 'tsx', CALIBRATE], {
    cwd: ROOT,
    encoding: 'utf8',
    timeout: 60_000,
  });
  try {
    return (JSON.parse((r.stdout ?? '').trim().split('\n').pop() ?? '') as { moveUs: number }).moveUs;
  } catch {
    const why = r.error?.message ?? (r.stderr ?? '').slice(0, 300);
    console.error(`bench:server: the host's speed could not be measured: ${why}`);
    return null;
  }
}

async function step(n: number): Promise<Step> {
  // Anything else running on the machine shows here (the load average before this step's processes start).
  const record: Step = { games: n, ...run, loadBefore: loadavg() };
  if (loadavg()[0] > 0.5)
    console.log(
      `bench:server: the machine is not idle (load average ${loadavg()
        .map((x) => x.toFixed(2))
        .join(' ')}): other work shares the cores`,
    );
  const db = join(DB_DIR ?? dir!, 'bench.sqlite');
  for (const f of ['', '-wal', '-shm']) rmSync(db + f, { force: true });
  const hostBefore = calibrate();
  const probeFile = join(dir!, `probe-${n}.jsonl`);
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;

  const server = pinned(
    'server',
    0,
    [
      ...NODE_FLAGS,
      '--import',
      'tsx',
      '--import',
      PROBE,
      ...(CPU_PROF ? ['--cpu-prof', '--cpu-prof-dir', join(CPU_PROF, 'server')] : []),
      opt.floor ? FLOOR : MAIN,
    ],
    {
      ...process.env,
      HOST: '127.0.0.1',
      PORT: String(port),
      DAMA_DB: db,
      DAMA_WEB_ROOT: '/nonexistent',
      // The generator spreads its games over loopback addresses, 100 games (200 sockets) an address.
      DAMA_SOCKETS_PER_ADDRESS: '400',
      DAMA_OPEN_GAMES_PER_ADDRESS: '400',
      DAMA_BENCH_PROBE: probeFile,
      ...(HEAP_SAMPLE
        ? {
            DAMA_BENCH_HEAP: join(HEAP_SAMPLE, `server-${n}.heapprofile`),
            DAMA_BENCH_HEAP_ALL: opt['heap-sample-all'] ? '1' : '0',
          }
        : {}),
      DAMA_LIMITS: JSON.stringify({ slowTask: SLOW_TASK_MS }),
    },
  );
  let gen: Proc | undefined;
  try {
    await server.waitFor(/Dama on http/, 60_000);
    const pid = server.child.pid!;
    // The baseline: the server started, answered once, and idle for a few seconds.
    await health(port, pid);
    await sleep(5000);
    const before = await health(port, pid);
    record.before = before;

    const events = new Events();
    const genProc = pinned(
      'loadgen',
      1,
      [
        ...GEN_FLAGS,
        '--import',
        'tsx',
        ...(CPU_PROF ? ['--cpu-prof', '--cpu-prof-dir', join(CPU_PROF, 'loadgen')] : []),
        LOADGEN,
        '--base',
        base,
        '--games',
        String(n),
        '--ramp',
        String(RAMP),
        '--per-address',
        String(PER_ADDRESS),
        '--seed',
        String(n),
        '--clock',
        opt.clock,
        ...(opt['full-snapshots'] ? ['--full-snapshots'] : []),
        '--pings',
        opt.pings,
      ],
      process.env,
      (proc, line) => {
        let e: GenEvent | undefined;
        try {
          e = JSON.parse(line) as GenEvent;
        } catch {
          proc.log(line);
        }
        if (e) events.push(e);
      },
    );
    gen = genProc;
    const next = (name: string, ms: number) =>
      events.next(name, ms, genProc.exited, () => genProc.exitMessage(genProc.child.exitCode));
    const tell = (cmd: string) => genProc.child.stdin!.write(cmd + '\n');
    // The generator's progress, for people watching.
    genProc.child.stderr!.on('data', (d: Buffer) => process.stderr.write(d));

    await next('ready', 60_000);
    const rampStart = performance.now();
    tell('start');
    const rampMs = (n / RAMP) * 1000 + 60_000;
    const steady = await next('steady', rampMs).catch((e: Error) => {
      if (genProc.child.exitCode !== null || genProc.child.signalCode !== null) throw e;
      console.error(`bench:server: ${e.message}; measuring anyway, flagged`);
      return undefined;
    });
    record.allPlaying = steady !== undefined;
    record.rampSeconds = (performance.now() - rampStart) / 1000;
    if (!steady) record.atRampEnd = events.last.progress ?? null;
    await sleep(SETTLE * 1000);

    tell('window');
    const counters0 = await scrape(port);
    await probe(probeFile, pid);
    const windowStart = performance.now();
    const cores0 = coreTimes();
    const psi0 = pressure();
    // This process does nothing in the window: its own loop delay shows the machine stalling.
    idleDelay.reset();
    const ticks0 = [procTicks(pid), procTicks(genProc.child.pid)];
    const samples: Health[] = [];
    const genFds: number[] = [];
    const sampling = setInterval(() => {
      genFds.push(fdCount(genProc.child.pid) ?? 0);
      void health(port, pid).then(
        (h) => samples.push(h),
        (e: Error) => console.error(`bench:server: ${e.message}`),
      );
    }, 15_000);
    await sleep(MINUTES * 60_000);
    clearInterval(sampling);
    tell('end');
    record.windowSeconds = (performance.now() - windowStart) / 1000;
    const ticks1 = [procTicks(pid), procTicks(genProc.child.pid)];
    record.benchDelay = {
      p99: Math.max(0, idleDelay.percentile(99) / 1e6 - 10),
      max: Math.max(0, idleDelay.max / 1e6 - 10),
    };
    record.pressure = pressureShare(psi0, pressure(), (record.windowSeconds as number) * 1000);
    record.cores = coreUse(cores0, coreTimes(), [ticks1[0] - ticks0[0], ticks1[1] - ticks0[1]]);
    record.loadEnd = loadavg();
    const serverProbe = await probe(probeFile, pid);
    const counters1 = await scrape(port);
    record.serverCounters = counters0 && counters1 ? serverCounters(counters0, counters1) : null;
    const steadyHealth = await health(port, pid);
    samples.push(steadyHealth);
    record.steady = steadyHealth;
    record.rssMax = Math.max(...samples.map((h) => h.rss ?? h.procRss ?? 0));
    record.healthMs = { max: Math.max(...samples.map((h) => h.ms)) };
    record.fdsMax = { server: Math.max(...samples.map((h) => h.fds ?? 0)), gen: Math.max(0, ...genFds) };
    const rss = steadyHealth.rss ?? steadyHealth.procRss;
    const rss0 = before.rss ?? before.procRss;
    record.rssPerGame = rss !== null && rss0 !== null ? (rss - rss0) / n : null;
    record.server = serverProbe;
    const result = await next('result', 60_000);
    record.result = result;

    tell('stop');
    record.final = await next('final', 60_000);
    // It exits by itself after `final` (writing its CPU profile when asked to).
    await Promise.race([genProc.exited, sleep(30_000)]);
    await genProc.stop('SIGTERM', 10_000);
  } catch (e) {
    record.failed = (e as Error).message;
    console.error(`bench:server: step ${n} failed: ${(e as Error).message}`);
  } finally {
    if (gen) await gen.stop('SIGKILL', 5000);
    // With --cpu-prof the server must exit by itself to write its profile.
    await server.stop(CPU_PROF ? 'SIGTERM' : 'SIGKILL', 60_000);
    record.host = { before: hostBefore, after: calibrate() };
    record.slowTasks = server.slow;
    record.serverLog = {
      lines: server.lines,
      warnings: server.warnings,
      tail: server.tail.slice(-10).map((l) => l.slice(0, 300)),
    };
  }
  return record;
}

// ---------------------------------------------------------------------------------------------------
// The table

const f0 = (x: unknown) => (typeof x === 'number' ? Math.round(x).toLocaleString('en-US') : '—');
const f1 = (x: unknown) => (typeof x === 'number' ? x.toFixed(1) : '—');
const pc = (x: unknown) => (typeof x === 'number' ? `${(x * 100).toFixed(Math.abs(x) < 0.1 ? 1 : 0)}%` : '—');
const mb = (x: unknown) => (typeof x === 'number' ? `${Math.round(x / 1e6)} MB` : '—');
const kb = (x: unknown) => (typeof x === 'number' ? `${Math.round(x / 1024)} KB` : '—');

const count = (m: unknown) =>
  m && typeof m === 'object'
    ? Object.values(m as Record<string, number>).reduce((a, b) => a + b, 0)
    : undefined;

/**
 * The seconds of the window in which more than 1% of the moves sent were slower than the goal
 * (`loadgen.ts` SLOW_MOVE), of all its seconds: whether the p99 is a few bad seconds or all of them.
 */
function slowSeconds(b: unknown): string {
  const by = b as { n?: number[]; slow?: number[] } | undefined;
  if (!by?.n || !by.slow) return '—';
  const slow = by.n.filter((n, i) => by.slow![i] > n / 100).length;
  return `${slow} of ${by.n.length}`;
}

function row(r: Step): string[] {
  const res = (r.result ?? {}) as Record<string, unknown>;
  const lat = (res.latency ?? {}) as Record<string, unknown>;
  const steady = (r.steady ?? {}) as Health;
  const fin = (r.final ?? {}) as Record<string, unknown>;
  return [
    f0(r.games) + (r.allPlaying === false ? '*' : ''),
    f0(steady.sockets ?? res.sockets),
    f0(res.movesPerSecond),
    f1(lat.p50),
    f1(lat.p95),
    f1(lat.p99),
    f1(lat.max),
    slowSeconds(res.bySecond),
    f0(res.acks),
    `${f0(res.errorCount)} / ${f0(fin.errorCount)}`,
    `${f0(count(res.startFailed))} / ${f0(count(fin.startFailed))}`,
    mb(steady.rss ?? steady.procRss),
    kb(r.rssPerGame),
  ];
}

/** The longest pause and the time in all pauses. */
const gcText = (g: GcPauses | undefined) =>
  g
    ? `${f1(Math.max(g.major.max, g.minor.max, g.other.max))} / ${f0(g.major.ms + g.minor.ms + g.other.ms)}`
    : '—';

const hostText = (h: unknown) => {
  const host = h as { before?: number | null; after?: number | null } | undefined;
  return host ? `${f1(host.before ?? undefined)} / ${f1(host.after ?? undefined)}` : '—';
};

/** Moves in a step's window: as the server counted them, or (`floor.ts` counts nothing) as the clients saw them. */
function windowMoves(r: Step): number {
  const counted = (r.serverCounters as { moves?: number } | null | undefined)?.moves;
  return Number(counted ?? (r.result as { delivered?: number } | undefined)?.delivered ?? 0);
}

function where(r: Step): string[] {
  const s = (r.server ?? {}) as Partial<ProbeLine>;
  const res = (r.result ?? {}) as Record<string, unknown>;
  const g = (res.gen ?? {}) as Partial<ProbeLine>;
  const pong = (res.pong ?? {}) as Record<string, unknown>;
  const cores = r.cores as ReturnType<typeof coreUse> | undefined;
  const psi = r.pressure as Record<string, number> | undefined;
  return [
    f0(r.games),
    pc(s.cpu),
    pc(s.elu),
    `${f1(s.delay?.p99)} / ${f1(s.delay?.max)}`,
    gcText(s.gc),
    s.oldGrowth === undefined || !s.ms
      ? '—'
      : `${f1(s.oldGrowth / 1e6 / (s.ms / 1000))} / ${f0(s.oldGrowth / Math.max(1, windowMoves(r)))}`,
    `${f0(s.gc?.major.count)}`,
    pc(g.cpu),
    `${f1(g.delay?.p99)} / ${f1(g.delay?.max)}`,
    gcText(g.gc),
    `${f1(pong.p50)} / ${f1(pong.p99)}`,
    f0(res.playingMin),
    `${f1((r.benchDelay as { max?: number } | undefined)?.max)}`,
    cores ? `${pc(cores[0].irq)} / ${pc(cores[1].irq)}` : '—',
    cores ? `${pc(cores[0].rest)} / ${pc(cores[1].rest)}` : '—',
    psi ? `${pc(psi['cpu-some'])} / ${pc(psi['io-full'])}` : '—',
    hostText(r.host),
  ];
}

function table(head: string[], rows: string[][]): string {
  const w = head.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i].length)));
  const line = (cells: string[]) => '| ' + cells.map((c, i) => c.padStart(w[i])).join(' | ') + ' |';
  return [line(head), '| ' + w.map((n) => '-'.repeat(n)).join(' | ') + ' |', ...rows.map(line)].join('\n');
}

const HEAD = [
  'games',
  'sockets',
  'moves/s',
  'p50 ms',
  'p95 ms',
  'p99 ms',
  'max ms',
  'slow seconds',
  'acks',
  'errors (window / all)',
  'failed starts (window / all)',
  'server RSS',
  'RSS per game',
];
const WHERE = [
  'games',
  'server CPU',
  'server ELU',
  'server loop delay p99 / max ms',
  'server GC longest / total ms',
  'old gen growth MB/s / bytes a move',
  'major GCs',
  'gen CPU',
  'gen loop delay p99 / max ms',
  'gen GC longest / total ms',
  'ping rtt p50 / p99 ms',
  'fewest playing',
  'idle process delay max ms',
  'softirq core 0 / 1',
  'other work core 0 / 1',
  'stalled on cpu / io',
  'host µs a move before / after',
];

// ---------------------------------------------------------------------------------------------------
// Main

if (availableParallelism() < 2) die('two cores are needed (server on core 0, load generator on core 1)');
{
  const r = spawnSync('bash', ['-c', 'taskset -c 1 true'], { encoding: 'utf8' });
  if (r.status !== 0) die(`taskset (util-linux) failed: ${r.stderr.trim() || r.status}`);
  const raise = spawnSync('bash', ['-c', `ulimit -n ${NOFILE}`], { encoding: 'utf8' });
  if (raise.status !== 0) {
    const hard = spawnSync('bash', ['-c', 'ulimit -Hn'], { encoding: 'utf8' }).stdout.trim();
    nofile = hard === 'unlimited' ? NOFILE : Number(hard);
    const biggest = Math.max(...STEPS);
    if (!(needFiles(biggest) <= nofile))
      die(
        `${biggest.toLocaleString('en-US')} games need ${needFiles(biggest).toLocaleString('en-US')} open files ` +
          `in each process, and the limit cannot be raised past ${hard} here (${raise.stderr.trim()}). ` +
          `Raise the hard limit first (as root with CAP_SYS_RESOURCE: ulimit -Hn ${NOFILE}), or ask for at most ` +
          `${Math.floor(((nofile - FILE_MARGIN) / 2) * (PER_ADDRESS / (PER_ADDRESS + 1))).toLocaleString('en-US')} games.`,
      );
    console.log(
      `bench:server: the open-file limit stays at ${hard} (cannot raise it to ${NOFILE}); enough for these steps`,
    );
  }
}
run.nofile = nofile;
if (CPU_PROF) mkdirSync(CPU_PROF, { recursive: true });
if (HEAP_SAMPLE) mkdirSync(HEAP_SAMPLE, { recursive: true });
dir = mkdtempSync(join(tmpdir(), 'dama-bench-'));
if (opt['db-dir']) DB_DIR = mkdtempSync(join(resolve(opt['db-dir']), 'dama-bench-db-'));
const bound = setTimeout(() => {
  const msg = `the run passed its bound of ${MAX_MINUTES} minutes (--max-minutes)`;
  console.error(`bench:server: ${msg}; tearing down`);
  appendFileSync(OUT, JSON.stringify({ ...run, aborted: msg }) + '\n');
  cleanup();
  process.exit(3);
}, MAX_MINUTES * 60_000);
bound.unref();

console.log(
  `bench:server: steps ${STEPS.join(', ')} games, ${MINUTES} min each after all are playing ` +
    `(+${SETTLE} s settling), ramp ${RAMP} games/s, bound ${MAX_MINUTES} min; results → ${OUT}`,
);
if (run.serverDirty)
  console.log(
    `bench:server: packages/server/src has uncommitted changes: measuring the working tree, not ${run.commit}`,
  );
const records: Step[] = [];
for (const n of STEPS) {
  console.log(`\nbench:server: ${n} games (${2 * n} sockets)`);
  const r = await step(n);
  records.push(r);
  appendFileSync(OUT, JSON.stringify(r) + '\n');
  console.log(table(HEAD, [row(r)]));
  const res = r.result as Record<string, unknown> | undefined;
  if (res) {
    console.log(
      `errors in the window: ${JSON.stringify(res.errors)}; failed starts: ${JSON.stringify(res.startFailed)}`,
    );
    const got = res.received as Record<string, number> | undefined;
    if (got && typeof res.receivedBytes === 'number')
      console.log(
        `the clients received in the window: ${JSON.stringify(got)}, ` +
          `${Math.round(res.receivedBytes / Math.max(1, Number(res.delivered)))} bytes a move seen`,
      );
    const sc = r.serverCounters as ReturnType<typeof serverCounters> | null | undefined;
    if (sc)
      console.log(
        `the server counted in the window: ${sc.moves} moves, sockets dropped ${JSON.stringify(sc.dropped)}, ` +
          `refused ${JSON.stringify(sc.refused)}, its own move time p50/p99 ≤ ` +
          `${sc.moveMsAtMost?.p50} / ${sc.moveMsAtMost?.p99} ms` +
          (sc.commits > 0 ? `, ${(sc.commitWrites / sc.commits).toFixed(2)} game writes a commit` : ''),
      );
    const fin = r.final as Record<string, unknown> | undefined;
    console.log(
      `errors over the step: ${JSON.stringify(fin?.errors)}; failed starts: ${JSON.stringify(fin?.startFailed)}`,
    );
  }
}
clearTimeout(bound);
console.log(
  `\n${opt.floor ? 'floor.ts (no server: the protocol alone)' : 'one server process (SQLite file)'} on core 0, the load generator on core 1; ${MINUTES} min per step`,
);
console.log(table(HEAD, records.map(row)));
console.log('\nwhere the time goes (the window):');
console.log(table(WHERE, records.map(where)));
if (records.some((r) => r.allPlaying === false))
  console.log('* not every game was being played when the window began');
console.log(`\nresults: ${OUT}`);
cleanup();
