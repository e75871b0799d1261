// The notifications section of the settings (src/notify), loaded when the settings are first shown.
import type { JSX } from 'preact';
import type { AppCtrl } from './ctrl.ts';
import { LazyRoute, lazyModule } from './lazy-route.tsx';

const notify = lazyModule(() => import('../notify/index.tsx'));

export function NotifyRoute({ ctrl }: { ctrl: AppCtrl }): JSX.Element {
  return (
    <LazyRoute ctrl={ctrl} module={notify} render={({ NotifySection }) => <NotifySection app={ctrl} />} />
  );
}
