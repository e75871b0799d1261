/**
 * Real parts for the process tests: the server as its own process (so it can be killed), and
 * Debian's redis-server and PostgreSQL 15 on loopback on free ports, with data under a temp dir.
 * PostgreSQL refuses to run as root, so as root it runs as the `postgres` user (or `nobody`).
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { chmodSync, chownSync, existsSync, mkdirSync, readFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const here = dirname(fileURLToPath(import.meta.url));
const MAIN = resolve(here, '../src/main.ts');
export const PG_BIN = process.env.PG_BIN ?? '/usr/lib/postgresql/15/bin';

export function freePort(): Promise<number> {
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

/** Resolves when `pattern` appears on the child's output; rejects if it exits first or after `ms`. */
function waitFor(child: ChildProcess, pattern: RegExp, ms = 30_000): Promise<void> {
  return new Promise((res, rej) => {
    let out = '';
    const done = () => {
      clearTimeout(timer);
      child.stdout?.off('data', on);
      child.stderr?.off('data', on);
      child.off('exit', exited);
    };
    const timer = setTimeout(() => {
      done();
      rej(new Error(`timed out waiting for ${pattern}:\n${out}`));
    }, ms);
    const on = (d: Buffer) => {
      out = (out + d.toString()).slice(-20_000);
      if (pattern.test(out)) {
        done();
        res();
      }
    };
    const exited = (code: number | null) => {
      done();
      rej(new Error(`exited (${code}) before ${pattern}:\n${out}`));
    };
    child.stdout?.on('data', on);
    child.stderr?.on('data', on);
    child.once('exit', exited);
  });
}

export interface ServerProcess {
  child: ChildProcess;
  base: string;
  port: number;
}

/** Starts `src/main.ts` in its own Node process on a free port. */
export async function startServer(env: Record<string, string>, port?: number): Promise<ServerProcess> {
  const p = port ?? (await freePort());
  const child = spawn(process.execPath, ['--import', 'tsx', MAIN], {
    env: {
      ...process.env,
      HOST: '127.0.0.1',
      PORT: String(p),
      DAMA_WEB_ROOT: '/nonexistent',
      LOG_LEVEL: 'warn',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  await waitFor(child, /Dama on http/);
  return { child, base: `http://127.0.0.1:${p}`, port: p };
}

export function kill(child: ChildProcess, signal: NodeJS.Signals = 'SIGKILL'): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((res) => {
    child.once('exit', () => res());
    child.kill(signal);
  });
}

export async function startRedis(
  dir: string,
  fixedPort?: number,
): Promise<{ child: ChildProcess; url: string; port: number }> {
  const port = fixedPort ?? (await freePort());
  mkdirSync(dir, { recursive: true });
  const child = spawn(
    'redis-server',
    ['--port', String(port), '--bind', '127.0.0.1', '--dir', dir, '--save', '', '--appendonly', 'no'],
    { stdio: ['ignore', 'pipe', 'pipe'] },
  );
  await waitFor(child, /Ready to accept connections/);
  return { child, url: `redis://127.0.0.1:${port}`, port };
}

const asRoot = process.getuid?.() === 0;
function pgUser(): { name: string; uid: number; gid: number } {
  for (const name of ['postgres', 'nobody']) {
    const r = spawnSync('id', ['-u', name], { encoding: 'utf8' });
    const g = spawnSync('id', ['-g', name], { encoding: 'utf8' });
    if (r.status === 0) return { name, uid: Number(r.stdout.trim()), gid: Number(g.stdout.trim()) };
  }
  throw new Error('no non-root user to run PostgreSQL as');
}

export interface Postgres {
  child: ChildProcess;
  url: string;
  /** Stops the server at once (a fast shutdown: sessions are ended, as in a restart). */
  stop(): Promise<void>;
  /** Starts the server again on the same port and data (after a stop). */
  restart(): Promise<void>;
}

/** A throwaway PostgreSQL cluster: `initdb` under `dir`, then the server on a free loopback port. */
export async function startPostgres(dir: string): Promise<Postgres> {
  if (!existsSync(join(PG_BIN, 'initdb'))) throw new Error(`PostgreSQL is not installed at ${PG_BIN}`);
  const port = await freePort();
  const data = join(dir, 'pgdata');
  mkdirSync(data, { recursive: true });
  const user = asRoot ? pgUser() : undefined;
  const run = (cmd: string, args: string[]) =>
    (user ? ['runuser', ['-u', user.name, '--', cmd, ...args]] : [cmd, args]) as [string, string[]];
  if (user) {
    chmodSync(dir, 0o755);
    chownSync(data, user.uid, user.gid);
  }
  const [initCmd, initArgs] = run(join(PG_BIN, 'initdb'), [
    '-D',
    data,
    '-U',
    'dama',
    '-A',
    'trust',
    '--no-sync',
    '-E',
    'UTF8',
  ]);
  const init = spawnSync(initCmd, initArgs, { encoding: 'utf8' });
  if (init.status !== 0) throw new Error(`initdb failed: ${init.stderr}`);
  const [cmd, args] = run(join(PG_BIN, 'postgres'), [
    '-D',
    data,
    '-p',
    String(port),
    '-k',
    data,
    '-c',
    'listen_addresses=127.0.0.1',
    '-c',
    'fsync=off',
  ]);
  const launch = async () => {
    const child = spawn(cmd, args, { stdio: ['ignore', 'pipe', 'pipe'] });
    await waitFor(child, /ready to accept connections/);
    return child;
  };
  const pg: Postgres = {
    child: await launch(),
    url: `postgres://dama@127.0.0.1:${port}/postgres`,
    stop: async () => {
      // The postmaster itself (under runuser as root, which does not pass SIGINT on).
      const pid = Number(readFileSync(join(data, 'postmaster.pid'), 'utf8').split('\n')[0]);
      const exited = new Promise<void>((res) => {
        if (pg.child.exitCode !== null || pg.child.signalCode !== null) res();
        else pg.child.once('exit', () => res());
      });
      process.kill(pid, 'SIGINT');
      await exited;
    },
    restart: async () => {
      pg.child = await launch();
    },
  };
  return pg;
}
