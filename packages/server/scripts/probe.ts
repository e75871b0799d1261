/**
 * Loaded into the benchmark's server process ahead of it (`node --import tsx --import probe.ts
 * main.ts`), it reads nothing of the server: the process's event-loop delay (a 10 ms timer's
 * lateness), event-loop utilisation, CPU time and garbage-collection pauses. On SIGUSR2 it appends
 * what it saw since the last one to the file named by `DAMA_BENCH_PROBE`, one JSON line, and
 * starts over. Each event-loop stall longer than `STALL_MS` is listed with when it ended (epoch ms,
 * as the server's log lines are timed), so that a periodic task shows as a period. The old
 * generation's growth (what survives the young generation and is promoted, less what a major
 * collection frees meanwhile) is the sum of its rises between samples a second apart: what makes
 * the major collections come.
 *
 * With `DAMA_BENCH_HEAP` (a file name), the window is also sampled by V8's heap profiler: the first
 * signal starts it, the second writes the profile there (`.heapprofile`, Chrome's format, with the
 * allocating stacks). By default it keeps the samples of what survives the young generation (objects
 * a scavenge frees are dropped; those a major collection frees are kept): where the old generation's
 * growth is allocated. `DAMA_BENCH_HEAP_ALL=1` keeps every allocation instead; the two profiles of two
 * runs, compared site by site (`scripts/heap-sites.ts`), give the share of each site that is
 * promoted.
 */
import { appendFileSync, writeFileSync } from 'node:fs';
import { Session } from 'node:inspector';
import { monitorEventLoopDelay, performance } from 'node:perf_hooks';
import { getHeapSpaceStatistics } from 'node:v8';
import { watchGc } from './gc.ts';

const file = process.env.DAMA_BENCH_PROBE;
const late = (ns: number) => Math.max(0, ns / 1e6 - 10);
const STALL_MS = 100;
const MAX_STALLS = 1000;
if (file) {
  const delay = monitorEventLoopDelay({ resolution: 10 });
  delay.enable();
  let elu = performance.eventLoopUtilization();
  let cpu = process.cpuUsage();
  let at = performance.now();
  const gc = watchGc();
  let stalls: [at: number, ms: number][] = [];
  let tick = performance.now();
  const oldUsed = () =>
    getHeapSpaceStatistics().find((x) => x.space_name === 'old_space')?.space_used_size ?? 0;
  let old = oldUsed();
  let oldGrowth = 0;
  setInterval(() => {
    const now = oldUsed();
    if (now > old) oldGrowth += now - old;
    old = now;
  }, 1000).unref();
  setInterval(() => {
    const now = performance.now();
    const ms = now - tick - 10;
    if (ms > STALL_MS && stalls.length < MAX_STALLS)
      stalls.push([Math.round(performance.timeOrigin + now), Math.round(ms)]);
    tick = now;
  }, 10).unref();
  const heap = process.env.DAMA_BENCH_HEAP ? heapSampler(process.env.DAMA_BENCH_HEAP) : undefined;
  process.on('SIGUSR2', () => {
    heap?.();
    const ms = performance.now() - at;
    const c = process.cpuUsage(cpu);
    const line = {
      ms,
      cpu: (c.user + c.system) / 1000 / ms,
      elu: performance.eventLoopUtilization(elu).utilization,
      // The histogram holds the whole interval between the timer's runs: its lateness is what is past 10 ms.
      delay: {
        p50: late(delay.percentile(50)),
        p99: late(delay.percentile(99)),
        max: late(delay.max),
        mean: late(delay.mean),
      },
      gc: gc.take(),
      oldGrowth,
      stalls,
    };
    appendFileSync(file, JSON.stringify(line) + '\n');
    delay.reset();
    stalls = [];
    oldGrowth = 0;
    elu = performance.eventLoopUtilization();
    cpu = process.cpuUsage();
    at = performance.now();
  });
  appendFileSync(file, JSON.stringify({ ready: true, pid: process.pid }) + '\n');
}

/** A toggle: the first call starts sampling the heap, the second writes the profile to `out`. */
function heapSampler(out: string): () => void {
  const session = new Session();
  session.connect();
  const post = (method: string, params: object = {}) =>
    new Promise<unknown>((res, rej) => session.post(method, params, (e, r) => (e ? rej(e) : res(r))));
  const all = process.env.DAMA_BENCH_HEAP_ALL === '1';
  let on = false;
  const fail = (e: unknown) => process.stderr.write(`probe: heap sampling failed: ${String(e)}\n`);
  return () => {
    if (!on) {
      on = true;
      post('HeapProfiler.enable')
        .then(() =>
          post('HeapProfiler.startSampling', {
            samplingInterval: 4096,
            includeObjectsCollectedByMajorGC: true,
            includeObjectsCollectedByMinorGC: all,
          }),
        )
        .catch(fail);
      return;
    }
    post('HeapProfiler.stopSampling')
      .then((r) => writeFileSync(out, JSON.stringify((r as { profile: unknown }).profile)))
      .catch(fail);
  };
}
