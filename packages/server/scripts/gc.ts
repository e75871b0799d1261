/** Garbage-collection pauses of this process by kind (how many, milliseconds in all, the longest), for the load benchmark. */
import { constants, performance, PerformanceObserver, type PerformanceEntry } from 'node:perf_hooks';

export interface GcPauses {
  major: { count: number; ms: number; max: number };
  minor: { count: number; ms: number; max: number };
  other: { count: number; ms: number; max: number };
  /** Each major or other pause, and each minor one of `LONG_MINOR` ms or more: [epoch ms at its start, kind, ms]. */
  events: [number, 'major' | 'minor' | 'other', number][];
}

const LONG_MINOR = 20;
const MAX_EVENTS = 1000;

const empty = (): GcPauses => ({
  major: { count: 0, ms: 0, max: 0 },
  minor: { count: 0, ms: 0, max: 0 },
  other: { count: 0, ms: 0, max: 0 },
  events: [],
});

/** Starts counting; `take()` returns the pauses since the last take (or the start) and starts over. */
export function watchGc(): { take(): GcPauses } {
  let now = empty();
  new PerformanceObserver((list) => {
    for (const e of list.getEntries()) {
      const kind = (e as PerformanceEntry & { detail?: { kind?: number } }).detail?.kind;
      const name =
        kind === constants.NODE_PERFORMANCE_GC_MAJOR
          ? 'major'
          : kind === constants.NODE_PERFORMANCE_GC_MINOR
            ? 'minor'
            : 'other';
      const g = now[name];
      g.count++;
      g.ms += e.duration;
      g.max = Math.max(g.max, e.duration);
      if ((name !== 'minor' || e.duration >= LONG_MINOR) && now.events.length < MAX_EVENTS)
        now.events.push([Math.round(performance.timeOrigin + e.startTime), name, Math.round(e.duration)]);
    }
  }).observe({ entryTypes: ['gc'] });
  return {
    take() {
      const out = now;
      now = empty();
      return out;
    },
  };
}
