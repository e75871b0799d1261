/**
 * Where a heap profile's bytes were allocated (`npm run bench:server -- --heap-sample DIR` writes
 * one a step): the allocating sites, each named by its innermost frames (function, file, column:
 * the server runs through tsx, so a file is one line and the column tells the sites apart).
 *
 * Usage: tsx packages/server/scripts/heap-sites.ts PROFILE [ALL] [--depth 2] [--top 40]
 *   PROFILE  a profile of what survives the young generation (the bench's default)
 *   ALL      a profile of every allocation (`--heap-sample-all`) of a like run: each site is then
 *            shown with the share of its bytes that reached the old generation. Short-lived
 *            objects show a few percent too: those still young when a major collection ran.
 */
import { readFileSync } from 'node:fs';
import { parseArgs } from 'node:util';

interface ProfileNode {
  callFrame: { functionName: string; url: string; columnNumber: number };
  selfSize: number;
  children: ProfileNode[];
}

const { values: opt, positionals } = parseArgs({
  allowPositionals: true,
  options: { depth: { type: 'string', default: '2' }, top: { type: 'string', default: '40' } },
});
if (positionals.length < 1) {
  console.error('usage: heap-sites.ts PROFILE [ALL] [--depth 2] [--top 40]');
  process.exit(2);
}
const depth = Number(opt.depth);
const top = Number(opt.top);

function sites(file: string): { bytes: Map<string, number>; total: number } {
  const head = (JSON.parse(readFileSync(file, 'utf8')) as { head: ProfileNode }).head;
  const bytes = new Map<string, number>();
  let total = 0;
  const stack: string[] = [];
  const walk = (n: ProfileNode) => {
    const f = n.callFrame;
    const where = f.url.replace(/.*\/(packages|node_modules)\//, '').replace(/^node:internal\//, '');
    stack.push(`${f.functionName || '(anonymous)'} ${where}:${f.columnNumber + 1}`);
    if (n.selfSize > 0) {
      total += n.selfSize;
      const key = stack.slice(-depth).join(' < ');
      bytes.set(key, (bytes.get(key) ?? 0) + n.selfSize);
    }
    for (const c of n.children) walk(c);
    stack.pop();
  };
  walk(head);
  return { bytes, total };
}

const mb = (b: number) => (b / 1e6).toFixed(1).padStart(8);
const kept = sites(positionals[0]);
const all = positionals[1] ? sites(positionals[1]) : undefined;
console.log(
  `${positionals[0]}: ${mb(kept.total)} MB` + (all ? `; all allocations: ${mb(all.total)} MB` : ''),
);
for (const [site, b] of [...kept.bytes].sort((x, y) => y[1] - x[1]).slice(0, top)) {
  const of = all?.bytes.get(site);
  const share = of ? ` of ${mb(of)} MB ${((100 * b) / of).toFixed(0).padStart(4)}%` : '';
  console.log(`${mb(b)} MB${share}  ${site}`);
}
