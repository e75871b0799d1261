// The online screens (src/online), loaded when first opened.
import type { JSX } from 'preact';
import type { AppCtrl } from './ctrl.ts';
import { LazyRoute, lazyModule } from './lazy-route.tsx';

const online = lazyModule(() => import('../online/index.tsx'));

export function OnlineRoute({ ctrl }: { ctrl: AppCtrl }): JSX.Element {
  return (
    <LazyRoute
      ctrl={ctrl}
      module={online}
      render={({ OnlinePage }) => <OnlinePage app={ctrl} id={ctrl.route.id} token={ctrl.route.token} />}
    />
  );
}
