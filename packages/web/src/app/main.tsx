// Start the app: read what is kept on the device, route by the URL hash, draw, and keep time.
import '@dama/board/board.css';
import '../styles/app.css';
import { render } from 'preact';
import { AppCtrl, parseRoute } from './ctrl.ts';
import { spawnEngineWorker } from '../lib/engine/worker.ts';
import { browserStorage } from '../lib/storage.ts';
import { listenToServiceWorker } from '../lib/sw-client.ts';
import { registerServiceWorker } from '../lib/sw-register.ts';
import { redrawLoop } from '../lib/redraw.ts';
import { appView } from './view.tsx';
import { browserHttp } from '../lib/http.ts';
import { FIRST_LEVEL, readLevel } from '../lib/setup.ts';

const root = document.getElementById('app')!;
const params = new URLSearchParams(location.search);

const redraw = redrawLoop(draw);

const ctrl = new AppCtrl({
  kv: browserStorage(),
  spawnEngine: typeof Worker === 'undefined' ? undefined : spawnEngineWorker,
  languages: navigator.languages?.length ? navigator.languages : [navigator.language],
  now: () => Date.now(),
  random: Math.random,
  redraw,
  navigate: (hash) => {
    if (location.hash === hash) ctrl.go(parseRoute(hash));
    else location.hash = hash;
  },
  // Browser tests only: `?engine=fast` makes the computer answer at depth 1 (see README).
  fastEngine: params.get('engine') === 'fast',
  storageEvents: window,
  http: browserHttp,
  visible: () => document.visibilityState !== 'hidden',
});

function draw(): void {
  // Written only when they change: a clocked game redraws ten times a second, and writing `lang`
  // on the root, even the same value, makes the browser restyle the whole page each time.
  if (document.documentElement.lang !== ctrl.lang) document.documentElement.lang = ctrl.lang;
  if (document.title !== ctrl.trans.appName) document.title = ctrl.trans.appName;
  render(appView(ctrl), root);
}

window.addEventListener('hashchange', () => {
  ctrl.go(parseRoute(location.hash));
  window.scrollTo(0, 0);
});
document.addEventListener('visibilitychange', () => {
  if (document.visibilityState !== 'hidden') ctrl.shown();
});
// A notification tapped while the app is open: the service worker asks this page to open its game.
listenToServiceWorker((hash) => {
  location.hash = hash;
});
const fen = params.get('fen');
const vs = params.get('vs') === 'computer' ? 'computer' : 'local';
const level = params.get('level');
if (
  !fen ||
  !ctrl.startFromFen(
    fen,
    vs,
    params.get('color') === 'black' ? 'black' : 'white',
    readLevel(level) ?? FIRST_LEVEL,
  )
)
  ctrl.go(parseRoute(location.hash));
draw();
setInterval(() => ctrl.tick(), 100);

if (import.meta.env.PROD && params.get('sw') !== 'off')
  registerServiceWorker((apply) => {
    ctrl.update = apply;
    redraw();
  });
