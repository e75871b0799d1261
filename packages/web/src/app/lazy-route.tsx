// A screen loaded when first opened, so that it stays out of the app's first download. One module
// loader per screen, kept for the page's life; a failed load is forgotten, so the next visit retries.
import { Component, type JSX } from 'preact';
import type { AppCtrl } from './ctrl.ts';

export interface LazyModule<M> {
  load(): Promise<M>;
}

export function lazyModule<M>(importer: () => Promise<M>): LazyModule<M> {
  let loading: Promise<M> | undefined;
  return {
    load() {
      loading ??= importer().catch((e: unknown) => {
        loading = undefined;
        throw e;
      });
      return loading;
    },
  };
}

interface Props<M> {
  ctrl: AppCtrl;
  module: LazyModule<M>;
  render: (mod: M) => JSX.Element;
}

interface State<M> {
  mod?: M;
  failed?: boolean;
}

/** The screen once its module is loaded; until then a placeholder, or the failure notice. */
export class LazyRoute<M> extends Component<Props<M>, State<M>> {
  override state: State<M> = {};

  override componentDidMount(): void {
    this.props.module.load().then(
      (mod) => this.setState({ mod }),
      () => this.setState({ failed: true }),
    );
  }

  override render(): JSX.Element {
    const { mod, failed } = this.state;
    if (mod) return this.props.render(mod);
    return <p class="page loading">{failed ? this.props.ctrl.trans.pageFailed : '…'}</p>;
  }
}
