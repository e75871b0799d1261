// `npm run test:pack`: the published packages as a stranger gets them. Packs @dama/core,
// @dama/engine and @dama/board (each build runs first, from `prepack`) into a temporary folder,
// installs the three tarballs into a fresh project there (offline: they need nothing else), then
//   - runs a script there: a move played with core, a best move from the engine in Node (with the
//     hand-weighted and with the shipped learned evaluation, read by `@dama/engine/node`),
//     the engine's worker entry answering `init` and `search`, the board's runtime exports;
//   - type-checks a file there with the repository's TypeScript: every `import … from '@dama/…'`
//     line of the three READMEs, and a use of each package's main types.
// Any missing export, file or declaration fails it, with the step that failed. The folder is
// removed afterwards (kept with KEEP=1).
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const PACKAGES = ['core', 'engine', 'board'];
const started = Date.now();
const dir = mkdtempSync(join(tmpdir(), 'dama-pack-'));

function run(step, cmd, args, cwd) {
  try {
    return execFileSync(cmd, args, { cwd, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] });
  } catch (e) {
    process.stderr.write(`test:pack: ${step} failed\n${e.stdout ?? ''}${e.stderr ?? ''}`);
    if (!process.env.KEEP) rmSync(dir, { recursive: true, force: true });
    process.exit(1);
  }
}

// 1. Pack (the prepack scripts build dist/).
const packed = JSON.parse(
  run(
    'npm pack',
    'npm',
    [
      'pack',
      '--json',
      '--silent',
      '--pack-destination',
      dir,
      ...PACKAGES.flatMap((p) => ['-w', `@dama/${p}`]),
    ],
    root,
  ),
);
for (const p of packed)
  console.log(`packed ${p.filename}: ${p.entryCount} files, ${(p.size / 1024).toFixed(1)} kB`);

// 2. A fresh project that depends on the tarballs only.
const app = join(dir, 'app');
run('mkdir', 'mkdir', [app], dir);
const dependencies = Object.fromEntries(packed.map((p) => [p.name, `file:../${p.filename}`]));
writeFileSync(
  join(app, 'package.json'),
  JSON.stringify({ name: 'pack-check', private: true, type: 'module', dependencies }, null, 2),
);
run(
  'npm install of the tarballs',
  'npm',
  ['install', '--offline', '--no-audit', '--no-fund', '--ignore-scripts', '--no-package-lock'],
  app,
);

// 3. Use them from Node.
writeFileSync(
  join(app, 'check.js'),
  `import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { Game, makeNotation, parsePosition, perft, START_FEN } from '@dama/core';
import { Engine, squarePath } from '@dama/engine';
import { loadWeightsFile, WEIGHTS_FILE } from '@dama/engine/node';
import * as board from '@dama/board';

// core: a move, a perft count, a position from FEN
const game = new Game();
assert.ok(game.playNotation('c3-c4').ok, 'core plays c3-c4');
assert.deepEqual(game.notation(), ['c3-c4']);
assert.equal(perft(parsePosition(START_FEN).value, 3), 708, 'perft(3) from the start');

// engine: a best move in Node, with the hand-weighted and the shipped learned evaluation
const hand = new Engine().search(game, { depth: 4 });
assert.ok(hand.move, 'the engine finds a move');
assert.ok(game.position.legalMoves().some((m) => makeNotation(m) === makeNotation(hand.move)));
// the Node entry reads the shipped eval.bin, the same file as the ./eval.bin export
assert.equal(WEIGHTS_FILE, fileURLToPath(import.meta.resolve('@dama/engine/eval.bin')));
const learned = new Engine({ patterns: loadWeightsFile() }).search(game, { depth: 4 });
assert.ok(learned.move, 'the engine finds a move with the learned evaluation');

// engine: the worker entry, in a minimal worker scope, given the bytes of the same file
const bytes = readFileSync(WEIGHTS_FILE);
const replies = [];
globalThis.self = { postMessage: (m) => replies.push(m), onmessage: null };
await import('@dama/engine/worker');
assert.equal(typeof self.onmessage, 'function', 'the worker entry listens');
const until = async (type) => {
  for (let i = 0; i < 500 && !replies.some((r) => r.type === type); i++) await new Promise((r) => setTimeout(r, 10));
  const reply = replies.find((r) => r.type === type);
  assert.ok(reply, 'the worker answers ' + type + ': ' + JSON.stringify(replies));
  return reply;
};
self.onmessage({ data: { type: 'init', weights: new Uint8Array(bytes).buffer } });
assert.equal((await until('ready')).evaluation, 'learned');
// the game's moves cross as their squares: c3-c4 is [18, 26]
assert.deepEqual(game.moves.map(squarePath), [[18, 26]]);
self.onmessage({ data: { type: 'search', id: 1, moves: game.moves.map(squarePath), limits: { depth: 3 } } });
const done = await until('done');
assert.ok(done.notation, 'the worker finds a move');

// board: its runtime exports (the widget itself needs a DOM)
for (const name of ['createBoard', 'squareToIndex', 'squareFromIndex', 'initialState', 'tap', 'themes'])
  assert.ok(name in board, '@dama/board exports ' + name);
assert.equal(board.squareToIndex('c3'), 18);
assert.ok(readFileSync(fileURLToPath(import.meta.resolve('@dama/board/board.css')), 'utf8').includes('--dama-'));
console.log('node: core ' + game.notation()[0] + ', engine ' + makeNotation(hand.move) + ' / ' + makeNotation(learned.move) + ', worker ' + done.notation + ', board ok');
`,
);
console.log(run('the Node check', process.execPath, ['check.js'], app).trim());

// 4. Type-check against the published declarations: the READMEs' import lines, and the main types.
const readmeImports = PACKAGES.flatMap((p) =>
  [
    ...readFileSync(join(root, 'packages', p, 'README.md'), 'utf8').matchAll(
      /^import .* from '@dama\/.*';$/gm,
    ),
  ].map((m) => m[0]),
);
if (readmeImports.length < PACKAGES.length) {
  console.error(`test:pack: expected an import line in each README, found ${readmeImports.length}`);
  process.exit(1);
}
const uses = readmeImports
  .filter((line) => !line.startsWith('import type'))
  .flatMap((line) =>
    (/\{([^}]*)\}/.exec(line)?.[1] ?? '').split(',').map((n) => n.trim().replace(/^type /, '')),
  );
writeFileSync(
  join(app, 'check.ts'),
  `${[...new Set(readmeImports)].join('\n')}
import * as board from '@dama/board';
import type * as core from '@dama/core';
import type * as engine from '@dama/engine';
import '@dama/board/board.css';

export type Used = [${uses.map((n) => `typeof ${n}`).join(', ')}];
export const paths = (moves: core.Move[]): board.MovePath[] =>
  moves.map((m) => ({ from: 'a1', path: m.path.map(() => 'a2'), captures: [] }));
export const mount = (el: HTMLElement, config: board.BoardConfig): board.Board => board.createBoard(el, config);
export type Messages = [engine.EngineRequest, engine.EngineResponse, engine.SearchResult, core.Game, core.Position];
`,
);
writeFileSync(
  join(app, 'tsconfig.json'),
  JSON.stringify({
    compilerOptions: {
      strict: true,
      noEmit: true,
      target: 'ES2022',
      module: 'NodeNext',
      moduleResolution: 'NodeNext',
      lib: ['ES2022', 'DOM'],
      types: [],
    },
    files: ['check.ts'],
  }),
);
run('the type check', process.execPath, [join(root, 'node_modules/typescript/bin/tsc'), '-p', app], app);
console.log(`types: ${readmeImports.length} README import lines and the main types check`);

if (!process.env.KEEP) rmSync(dir, { recursive: true, force: true });
else console.log(`kept ${dir}`);
console.log(`test:pack passed in ${((Date.now() - started) / 1000).toFixed(1)} s`);
