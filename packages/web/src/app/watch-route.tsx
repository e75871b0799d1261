// Watching (src/watch) and the leaderboards (src/leaders), each loaded when first opened.
import type { JSX } from 'preact';
import type { AppCtrl } from './ctrl.ts';
import { LazyRoute, lazyModule } from './lazy-route.tsx';

const watch = lazyModule(() => import('../watch/index.tsx'));
const leaders = lazyModule(() => import('../leaders/index.tsx'));

export function WatchRoute({ ctrl }: { ctrl: AppCtrl }): JSX.Element {
  return <LazyRoute ctrl={ctrl} module={watch} render={({ WatchPage }) => <WatchPage app={ctrl} />} />;
}

export function LeadersRoute({ ctrl }: { ctrl: AppCtrl }): JSX.Element {
  return (
    <LazyRoute
      ctrl={ctrl}
      module={leaders}
      render={({ LeadersPage }) => <LeadersPage app={ctrl} speed={ctrl.route.id} />}
    />
  );
}
