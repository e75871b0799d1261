// The Learn section as one Preact component, for the app's router to mount: the map at `#/learn`
// (`#/learn?stage=capture` shows that stage), a level at `#/learn/<level id>`.
import { Component, type JSX } from 'preact';
import { catalog, type Lang } from '../lib/i18n/index.ts';
import { defaultSettings, type Settings } from '../lib/settings.ts';
import type { SoundName } from '../lib/sound.ts';
import { browserStorage, type KeyValue } from '../lib/storage.ts';
import { LearnCtrl } from './ctrl.ts';
import { LEARN_KEY } from './progress.ts';
import { learnView } from './view.tsx';
import './learn.css';

export interface LearnPageProps {
  lang: Lang;
  /** the open level's id; undefined: the map */
  level?: string | undefined;
  /** the stage the map shows first (`?stage=…`) */
  stage?: string | undefined;
  settings?: Settings;
  sound?: { play(name: SoundName): void };
  kv?: KeyValue;
  /** the app's redraw (lib/redraw.ts): the section is drawn with the app */
  redraw: () => void;
}

export class LearnPage extends Component<LearnPageProps> {
  private readonly ctrl: LearnCtrl;
  private readonly onStorage = (e: StorageEvent): void => {
    if (e.key === LEARN_KEY || e.key === null) this.ctrl.storageChanged();
  };

  constructor(props: LearnPageProps) {
    super(props);
    this.ctrl = new LearnCtrl({
      kv: props.kv ?? browserStorage(),
      now: () => Date.now(),
      lang: () => this.props.lang,
      settings: () => this.props.settings ?? defaultSettings(this.props.lang),
      redraw: () => this.props.redraw(),
      sound: { play: (name) => this.props.sound?.play(name) },
    });
    this.ctrl.open(props.level);
  }

  override componentDidMount(): void {
    globalThis.addEventListener?.('storage', this.onStorage);
    this.scrollToStage();
  }

  override componentDidUpdate(prev: LearnPageProps): void {
    if (prev.level !== this.props.level) {
      this.ctrl.open(this.props.level);
      globalThis.scrollTo?.(0, 0);
    }
    if (prev.stage !== this.props.stage) this.scrollToStage();
    if (prev.lang !== this.props.lang || prev.settings !== this.props.settings) this.ctrl.sync();
  }

  override componentWillUnmount(): void {
    globalThis.removeEventListener?.('storage', this.onStorage);
    this.ctrl.destroy();
  }

  private scrollToStage(): void {
    if (this.props.level || !this.props.stage) return;
    document.getElementById(`stage-${this.props.stage}`)?.scrollIntoView({ block: 'center' });
  }

  override render(): JSX.Element {
    return learnView(this.ctrl, catalog(this.props.lang), this.props.stage);
  }
}
