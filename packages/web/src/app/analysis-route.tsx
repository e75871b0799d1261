// The analysis screen (src/analysis), loaded when first opened so that it stays out of the app's
// first download. It turns the route into what to open: a kept game (#/analysis?record=ID&ply=N,
// with its kept review) or a link (#/analysis?fen=…&moves=…).
import { Component, type JSX } from 'preact';
import type { AppCtrl } from './ctrl.ts';
import { browserStorage } from '../lib/storage.ts';
import { restoreGame } from '../lib/record.ts';

type AnalysisModule = typeof import('../analysis/index.ts');
type Opening = import('../analysis/index.ts').Opening;

let loading: Promise<AnalysisModule> | undefined;

interface State {
  mod?: AnalysisModule;
  opening?: Opening;
  failed?: boolean;
}

export class AnalysisRoute extends Component<{ ctrl: AppCtrl }, State> {
  override state: State = {};

  override componentDidMount(): void {
    loading ??= import('../analysis/index.ts');
    loading.then(
      (mod) => this.setState({ mod, opening: opening(this.props.ctrl, mod) }),
      () => {
        loading = undefined;
        this.setState({ failed: true });
      },
    );
  }

  override render(): JSX.Element {
    const { ctrl } = this.props;
    const { mod, opening } = this.state;
    if (!mod || !opening)
      return <p class="page loading">{this.state.failed ? ctrl.trans.pageFailed : '…'}</p>;
    const kv = browserStorage();
    return (
      <mod.AnalysisPage
        lang={ctrl.lang}
        settings={ctrl.settings}
        opening={opening}
        spawnEngine={ctrl.spawnEngine}
        saveReview={(id, review) =>
          mod.saveReview(
            kv,
            id,
            review,
            ctrl.records.records.map((r) => r.id),
          )
        }
        playFrom={(game, color, level) => ctrl.playFrom(game, color, level)}
      />
    );
  }
}

function opening(ctrl: AppCtrl, mod: AnalysisModule): Opening {
  const query = ctrl.route.query ?? '';
  const q = new URLSearchParams(query);
  const id = q.get('record');
  if (id === null) return { kind: 'link', query };
  const rec = ctrl.records.records.find((r) => r.id === id);
  const game = rec ? restoreGame(rec.pdn, rec.setup) : undefined;
  if (!rec || !game) return { kind: 'missing-record' };
  const ply = Number(q.get('ply') ?? game.plies);
  return {
    kind: 'game',
    game,
    ply: Number.isInteger(ply) ? ply : game.plies,
    recordId: id,
    kept: mod.loadReview(kv(), id),
    ...(rec.setup?.mode === 'computer' ? { orientation: rec.setup.playerColor } : {}),
  };
}

const kv = browserStorage;
