// The streak and the storm: loaded when one of their tabs is first opened (view.tsx), so that
// neither the app's first download nor the daily puzzle carries them.
export { StreakPage } from './streak-view.tsx';
export { StormPage } from './storm-view.tsx';
