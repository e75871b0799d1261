// Part of `npm run build`: tsc emits the JavaScript and the declarations; the style sheet and its
// declaration (for `import '@dama/board/board.css'`) are copied beside them.
import { copyFileSync } from 'node:fs';

for (const file of ['board.css', 'board.css.d.ts'])
  copyFileSync(new URL(`../src/${file}`, import.meta.url), new URL(`../dist/${file}`, import.meta.url));
