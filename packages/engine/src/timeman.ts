/**
 * Time management: from `Limits` to the searcher's depth, node and time budgets. A fixed move time
 * is used whole (the search stops at once when it runs out); with a game clock the engine plans for
 * about 30 more moves, spends most of the increment, may stretch to three times its target while an
 * iteration is unfinished, and never risks more than a fifth of what is left.
 */
import type { SearchControl } from './search.ts';
import { MAX_PLY, type Limits } from './types.ts';

/** Kept back from every clock budget for the host's own latency (ms). */
const CLOCK_SAFETY = 30;

/** The searcher's depth, node and time budgets for `limits`. */
export function budget(limits: Limits): Omit<SearchControl, 'onIteration'> {
  const control = { maxDepth: MAX_PLY, maxNodes: Infinity, softTime: Infinity, hardTime: Infinity };
  if ('depth' in limits) control.maxDepth = clampInt(limits.depth, 1, MAX_PLY - 10);
  else if ('nodes' in limits) control.maxNodes = clampInt(limits.nodes, 1, Number.MAX_SAFE_INTEGER);
  else if ('movetime' in limits) {
    const t = Math.max(1, Number(limits.movetime) || 1);
    control.softTime = t;
    control.hardTime = t;
  } else {
    const left = Math.max(0, Number(limits.clock) || 0);
    const inc = Math.max(0, Number(limits.increment) || 0);
    const usable = Math.max(1, left - CLOCK_SAFETY);
    const target = Math.min(usable / 30 + inc * 0.8, usable * 0.2);
    control.softTime = Math.max(1, target * 0.6);
    control.hardTime = Math.max(1, Math.min(target * 3, usable * 0.2 + inc * 0.5, usable));
  }
  return control;
}

function clampInt(x: number, lo: number, hi: number): number {
  const n = Math.floor(Number(x));
  if (!Number.isFinite(n)) return hi;
  return Math.min(hi, Math.max(lo, n));
}
