// The Learn section (src/learn), loaded when first opened: the map at #/learn, a level at
// #/learn/<id>, a stage shown first with #/learn?stage=<id>.
import type { JSX } from 'preact';
import type { AppCtrl } from './ctrl.ts';
import { LazyRoute, lazyModule } from './lazy-route.tsx';

const learn = lazyModule(() => import('../learn/index.ts'));

export function LearnRoute({ ctrl }: { ctrl: AppCtrl }): JSX.Element {
  const stage = new URLSearchParams(ctrl.route.query ?? '').get('stage') ?? undefined;
  return (
    <LazyRoute
      ctrl={ctrl}
      module={learn}
      render={({ LearnPage }) => (
        <LearnPage
          lang={ctrl.lang}
          level={ctrl.route.id}
          stage={stage}
          settings={ctrl.settings}
          sound={ctrl.sound}
          redraw={ctrl.redraw}
        />
      )}
    />
  );
}
