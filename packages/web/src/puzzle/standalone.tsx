// The puzzle page on its own, for development and the browser tests before the app routes to it:
// `npm run dev -w @dama/web`, then open /src/puzzle/standalone.html (`?lang=tr|en`; otherwise the
// browser's language). The app itself mounts `PuzzlePage` from index.ts.
import '@dama/board/board.css';
import '../styles/app.css';
import { render } from 'preact';
import { detectLang, LANGS, type Lang } from '../lib/i18n/index.ts';
import { redrawLoop } from '../lib/redraw.ts';
import { PuzzlePage } from './page.tsx';

const asked = new URLSearchParams(location.search).get('lang');
const lang: Lang = (LANGS as readonly (string | null)[]).includes(asked)
  ? (asked as Lang)
  : detectLang(navigator.languages?.length ? navigator.languages : [navigator.language]);
document.documentElement.lang = lang;

const root = document.getElementById('app')!;
const redraw = redrawLoop(draw);

function draw(): void {
  render(
    <div class="app">
      <main id="main">
        <PuzzlePage lang={lang} redraw={redraw} />
      </main>
    </div>,
    root,
  );
}

draw();
