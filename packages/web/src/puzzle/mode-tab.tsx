// The streak and storm tabs as the puzzle page mounts them: their code (`modes.ts`) is a chunk of its
// own, loaded when one of the two tabs is first opened; a failed load is forgotten, so the next
// visit tries again.
import { Component, type JSX } from 'preact';
import { catalog, type Lang } from '../lib/i18n/index.ts';
import type { ScreenProps } from './run-page.tsx';

type Modes = typeof import('./modes.ts');

let modes: Promise<Modes> | undefined;
const loadModes = (): Promise<Modes> =>
  (modes ??= import('./modes.ts').catch((e: unknown) => {
    modes = undefined;
    throw e;
  }));

interface Props extends ScreenProps {
  tab: 'streak' | 'storm';
  lang: Lang;
}

export class ModeTab extends Component<Props, { mod?: Modes; failed?: boolean }> {
  override state: { mod?: Modes; failed?: boolean } = {};

  override componentDidMount(): void {
    loadModes().then(
      (mod) => this.setState({ mod }),
      () => this.setState({ failed: true }),
    );
  }

  override render(): JSX.Element {
    const { mod, failed } = this.state;
    const { tab, ...props } = this.props;
    if (!mod) return <p class="page loading">{failed ? catalog(props.lang).puzzleBankFailed : '…'}</p>;
    return tab === 'streak' ? <mod.StreakPage {...props} /> : <mod.StormPage {...props} />;
  }
}
