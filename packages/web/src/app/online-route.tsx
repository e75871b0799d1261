// The online screens (src/online), loaded when first opened so that they stay out of the app's
// first download.
import { Component, type JSX } from 'preact';
import type { AppCtrl } from './ctrl.ts';

type OnlineModule = typeof import('../online/index.tsx');

let loading: Promise<OnlineModule> | undefined;

interface State {
  mod?: OnlineModule;
  failed?: boolean;
}

export class OnlineRoute extends Component<{ ctrl: AppCtrl }, State> {
  override state: State = {};

  override componentDidMount(): void {
    loading ??= import('../online/index.tsx');
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
    const Page = this.state.mod?.OnlinePage;
    if (Page) return <Page app={ctrl} id={ctrl.route.id} token={ctrl.route.token} />;
    return <p class="page loading">{this.state.failed ? ctrl.trans.pageFailed : '…'}</p>;
  }
}
