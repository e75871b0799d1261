// The daily puzzle screen (src/puzzle, built with @dama/puzzle), loaded when first opened so that
// it stays out of the app's first download.
import { Component, type JSX } from 'preact';
import type { AppCtrl } from './ctrl.ts';

type PuzzleModule = typeof import('../puzzle/index.ts');

let loading: Promise<PuzzleModule> | undefined;

interface State {
  mod?: PuzzleModule;
  failed?: boolean;
}

export class PuzzleRoute extends Component<{ ctrl: AppCtrl }, State> {
  override state: State = {};

  override componentDidMount(): void {
    loading ??= import('../puzzle/index.ts');
    loading.then(
      (mod) => this.setState({ mod }),
      () => {
        loading = undefined;
        this.setState({ failed: true });
      },
    );
  }

  override render(): JSX.Element {
    const { ctrl } = this.props;
    const Page = this.state.mod?.PuzzlePage;
    if (Page) return <Page lang={ctrl.lang} settings={ctrl.settings} sound={ctrl.sound} />;
    return <p class="page loading">{this.state.failed ? ctrl.trans.pageFailed : '…'}</p>;
  }
}
