// Quick pairing (src/lobby), loaded when first opened.
import type { JSX } from 'preact';
import type { AppCtrl } from './ctrl.ts';
import { LazyRoute, lazyModule } from './lazy-route.tsx';

const lobby = lazyModule(() => import('../lobby/index.tsx'));

export function LobbyRoute({ ctrl }: { ctrl: AppCtrl }): JSX.Element {
  return <LazyRoute ctrl={ctrl} module={lobby} render={({ LobbyPage }) => <LobbyPage app={ctrl} />} />;
}
