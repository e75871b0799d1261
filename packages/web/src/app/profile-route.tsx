// The profile: the player identity without sign-up (src/player), loaded when first opened.
import type { JSX } from 'preact';
import type { AppCtrl } from './ctrl.ts';
import { LazyRoute, lazyModule } from './lazy-route.tsx';

const player = lazyModule(() => import('../player/index.tsx'));

export function ProfileRoute({ ctrl }: { ctrl: AppCtrl }): JSX.Element {
  return (
    <LazyRoute
      ctrl={ctrl}
      module={player}
      render={({ ProfilePage }) => <ProfilePage app={ctrl} query={ctrl.route.query} />}
    />
  );
}
