// The layer rule (scripts/eslint-layers.js) on the web app's screens: lib/ imports no screen, a screen
// imports nothing of the app's shell and another screen only through its index.ts. And on the packages
// around the engine's lab: the lab imports core and engine, the engine never the lab, the CLI and the
// web app's tools do, the web app itself does not.
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { RuleTester } from 'eslint';
import tseslint from 'typescript-eslint';
import { afterAll, describe, it } from 'vitest';
import dama from '../../../scripts/eslint-layers.js';

RuleTester.describe = describe;
RuleTester.it = it;

// the rule reads paths from the working directory: the repository's root, as `npm run lint` runs
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
const at = (file: string) => path.join(root, 'packages/web/src', file);
const pkg = (file: string) => path.join(root, 'packages', file);

const tester = new RuleTester({
  languageOptions: { parser: tseslint.parser, ecmaVersion: 2022, sourceType: 'module' },
});

const cwd = process.cwd();
process.chdir(root);
afterAll(() => process.chdir(cwd));

tester.run('dama/layers (screens)', dama.rules.layers, {
  valid: [
    // lib/ uses lib/
    { filename: at('lib/record-text.ts'), code: "import { catalog } from './i18n/index.ts';" },
    // a screen uses lib/ and its own files
    {
      filename: at('home/view.tsx'),
      code: "import { icons } from '../lib/icons.tsx';\nimport './home.css';",
    },
    // another screen through its index, statically, as a type, or loaded on demand
    { filename: at('watch/view.tsx'), code: "import { strip } from '../online/index.tsx';" },
    { filename: at('lobby/ctrl.ts'), code: "import type { OnlineCtrl } from '../online/index.tsx';" },
    { filename: at('records/ctrl.ts'), code: "const m = import('../turns/index.ts');" },
    // the shell assembles the screens
    { filename: at('app/view.tsx'), code: "import { homeView } from '../home/view.tsx';" },
    { filename: at('app/ctrl.ts'), code: "import { homePuzzle } from '../puzzle/home-status.ts';" },
    // the base stylesheets are no screen
    { filename: at('puzzle/view.tsx'), code: "import '../styles/app.css';" },
    // a test beside a screen follows the same layers
    {
      filename: at('lobby/ctrl.test.ts'),
      code: "import type { SocketLike } from '../lib/online/socket.ts';",
    },
  ],
  invalid: [
    {
      filename: at('lib/link.ts'),
      code: "import { gameKind } from '../online/view.tsx';",
      errors: [{ message: /lib\/ is shared by every screen and imports none/ }],
    },
    {
      filename: at('lib/http.ts'),
      code: "import type { Http } from '../player/index.tsx';",
      errors: [{ message: /imports none \('..\/player\/index.tsx' is in player\/\)/ }],
    },
    {
      filename: at('lib/engine/client.ts'),
      code: "import type { AppCtrl } from '../../app/ctrl.ts';",
      errors: [{ message: /imports none/ }],
    },
    {
      filename: at('settings/ctrl.ts'),
      code: "import type { AppCtrl } from '../app/ctrl.ts';",
      errors: [{ message: /A screen imports nothing of the app's shell/ }],
    },
    {
      filename: at('home/view.tsx'),
      code: "import { turnsSection } from '../turns/view.tsx';",
      errors: [{ message: /reaches into the turns screen; import it through turns\/index.ts/ }],
    },
    {
      filename: at('watch/index.tsx'),
      code: "import '../online/online.css';\nexport { strip } from '../online/view.tsx';",
      errors: [{ message: /reaches into the online screen/ }, { message: /reaches into the online screen/ }],
    },
    {
      filename: at('rules/view.test.ts'),
      code: "const link = await import('../analysis/link.ts');",
      errors: [{ message: /reaches into the analysis screen/ }],
    },
  ],
});

tester.run('dama/layers (the engine and its lab)', dama.rules.layers, {
  valid: [
    // the lab uses core and engine, and Node
    {
      filename: pkg('engine-lab/src/match.ts'),
      code: "import { Game } from '@dama/core';\nimport { Engine } from '@dama/engine';",
    },
    { filename: pkg('engine-lab/src/tbbuild.ts'), code: "import { readFileSync } from 'node:fs';" },
    {
      filename: pkg('engine-lab/scripts/train.ts'),
      code: "import { WEIGHTS_FILE } from '@dama/engine/node';",
    },
    // the CLI plays matches and builds tables with it
    { filename: pkg('cli/src/commands/match.ts'), code: "import { playMatch } from '@dama/engine-lab';" },
    // the web app's browser tests build tables with it
    { filename: pkg('web/e2e/analysis.spec.ts'), code: "import { buildTablebase } from '@dama/engine-lab';" },
  ],
  invalid: [
    {
      filename: pkg('engine/src/search.ts'),
      code: "import { playMatch } from '@dama/engine-lab';",
      errors: [{ message: /packages\/engine may import core, not '@dama\/engine-lab'/ }],
    },
    {
      filename: pkg('engine/test/tablebase.test.ts'),
      code: "import { buildTablebase } from '@dama/engine-lab';",
      errors: [{ message: /packages\/engine may import core, not '@dama\/engine-lab'/ }],
    },
    {
      filename: pkg('web/src/analysis/engine.ts'),
      code: "import { buildTablebase } from '@dama/engine-lab';",
      errors: [{ message: /may import core, engine, board, puzzle, server\/wire, not '@dama\/engine-lab'/ }],
    },
    {
      filename: pkg('engine-lab/src/match.ts'),
      code: "import { createBoard } from '@dama/board';",
      errors: [{ message: /packages\/engine-lab may import core, engine, not '@dama\/board'/ }],
    },
    {
      filename: pkg('engine-lab/src/anchors.ts'),
      code: "import { Engine } from '../../engine/src/engine.ts';",
      errors: [{ message: /reaches outside packages\/engine-lab/ }],
    },
  ],
});
