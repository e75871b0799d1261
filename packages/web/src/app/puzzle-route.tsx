// The daily puzzle screen (src/puzzle, built with @dama/puzzle), loaded when first opened.
import type { JSX } from 'preact';
import type { AppCtrl } from './ctrl.ts';
import { LazyRoute, lazyModule } from './lazy-route.tsx';

const puzzle = lazyModule(() => import('../puzzle/index.ts'));

export function PuzzleRoute({ ctrl }: { ctrl: AppCtrl }): JSX.Element {
  return (
    <LazyRoute
      ctrl={ctrl}
      module={puzzle}
      render={({ PuzzlePage }) => (
        <PuzzlePage
          lang={ctrl.lang}
          settings={ctrl.settings}
          sound={ctrl.sound}
          redraw={ctrl.redraw}
          spawnEngine={ctrl.spawnEngine}
        />
      )}
    />
  );
}
