// The analysis screen (src/analysis), loaded when first opened so that it stays out of the app's
// first download. It turns the route into what to open: a kept game (#/analysis?record=ID&ply=N,
// with its kept review) or a link (#/analysis?fen=…&moves=…).
import { Component, type JSX } from 'preact';
import type { AppCtrl } from './ctrl.ts';
import { LazyRoute, lazyModule } from './lazy-route.tsx';
import { browserStorage } from '../lib/storage.ts';
import { restoreGame } from '../lib/record.ts';

type AnalysisModule = typeof import('../analysis/index.ts');
type Opening = import('../analysis/index.ts').Opening;

const analysis = lazyModule(() => import('../analysis/index.ts'));

export function AnalysisRoute({ ctrl }: { ctrl: AppCtrl }): JSX.Element {
  return (
    <LazyRoute ctrl={ctrl} module={analysis} render={(mod) => <AnalysisScreen ctrl={ctrl} mod={mod} />} />
  );
}

/** What the route opens is read once, when the screen mounts (the router keys it by the query). */
class AnalysisScreen extends Component<{ ctrl: AppCtrl; mod: AnalysisModule }> {
  private opening: Opening = opening(this.props.ctrl, this.props.mod);

  override render(): JSX.Element {
    const { ctrl, mod } = this.props;
    const opening = this.opening;
    const kv = browserStorage();
    return (
      <mod.AnalysisPage
        lang={ctrl.lang}
        settings={ctrl.settings}
        opening={opening}
        spawnEngine={ctrl.spawnEngine}
        saveReview={(id, review) => mod.saveReview(kv, id, review, ctrl.records.ids())}
        playFrom={(game, color, level) => ctrl.playFrom(game, color, level)}
        inProgress={() => (ctrl.current ? ctrl.home.continueMoves() : 0)}
        redraw={ctrl.redraw}
      />
    );
  }
}

function opening(ctrl: AppCtrl, mod: AnalysisModule): Opening {
  const query = ctrl.route.query ?? '';
  const q = new URLSearchParams(query);
  const id = q.get('record');
  if (id === null) return { kind: 'link', query };
  const rec = ctrl.records.find(id);
  const game = rec ? restoreGame(rec.pdn, rec.setup) : undefined;
  if (!rec || !game) return { kind: 'missing-record' };
  const ply = Number(q.get('ply') ?? game.plies);
  return {
    kind: 'game',
    game,
    ply: Number.isInteger(ply) ? ply : game.plies,
    recordId: id,
    kept: mod.loadReview(kv(), id),
    playedAt: rec.endedAt,
    // the player's own side down: against the computer, and online
    ...(rec.setup?.mode === 'computer'
      ? { orientation: rec.setup.playerColor }
      : rec.online
        ? { orientation: rec.online.color }
        : {}),
  };
}

const kv = browserStorage;
