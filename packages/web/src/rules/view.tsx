// The rules page: text in the player's language, with small boards that show the key cases.
import { Component, type JSX } from 'preact';
import { createBoard, type Board } from '@dama/board';
import type { Settings } from '../lib/settings.ts';
import type { DiagramCtrl, RulesCtrl } from './ctrl.ts';
import { makeLinkHash } from '../lib/analysis-link.ts';
import './rules.css';

interface DiagramProps {
  ctrl: DiagramCtrl;
  settings: Settings;
}

/** Mounts a diagram's board when it comes near the screen (the page opens faster). */
class DiagramBoard extends Component<DiagramProps> {
  private el: HTMLDivElement | null = null;
  private observer: IntersectionObserver | undefined;
  private board: Board | undefined;

  override componentDidMount(): void {
    const el = this.el;
    if (!el) return;
    if (typeof IntersectionObserver === 'undefined') return this.mountBoard(el);
    this.observer = new IntersectionObserver((entries) => {
      if (entries.some((e) => e.isIntersecting)) {
        this.observer?.disconnect();
        this.mountBoard(el);
      }
    });
    this.observer.observe(el);
  }

  private mountBoard(el: HTMLElement): void {
    this.board = createBoard(el);
    this.props.ctrl.setBoard(this.board);
  }

  override shouldComponentUpdate(next: DiagramProps): boolean {
    if (next.settings !== this.props.settings) this.props.ctrl.sync();
    return false; // the widget draws itself
  }

  override componentWillUnmount(): void {
    this.observer?.disconnect();
    if (!this.board) return;
    this.props.ctrl.setBoard(undefined);
    this.board.destroy();
  }

  override render() {
    return (
      <div
        class="diagram-board"
        ref={(el) => {
          this.el = el;
        }}
      />
    );
  }
}

export function rulesView(ctrl: RulesCtrl): JSX.Element {
  const t = ctrl.trans;
  return (
    <article class="page rules" lang={ctrl.lang}>
      <h2 class="page-title">{t.rulesTitle}</h2>
      {ctrl.sections.map((sec, i) => (
        <section key={i}>
          <h3>{sec.title}</h3>
          {sec.paragraphs?.map((p, j) => (
            <p key={j}>{p}</p>
          ))}
          {sec.list ? (
            <ul>
              {sec.list.map((li, j) => (
                <li key={j}>{li}</li>
              ))}
            </ul>
          ) : null}
          {sec.diagram ? (
            <figure class="diagram">
              <DiagramBoard ctrl={ctrl.diagram(sec.diagram)} settings={ctrl.settings} />
              <figcaption>{sec.diagram.caption}</figcaption>
              <a class="btn small diagram-analyse" href={makeLinkHash({ fen: sec.diagram.fen, moves: [] })}>
                {t.openAnalysis}
              </a>
            </figure>
          ) : null}
          {sec.faq ? (
            <dl class="faq">
              {sec.faq.map(([q, a], j) => [<dt key={`q${j}`}>{q}</dt>, <dd key={`a${j}`}>{a}</dd>])}
            </dl>
          ) : null}
          {sec.learn ? (
            <a
              class="btn small rules-learn"
              href={`#/learn?stage=${sec.learn}`}
              data-testid={`rules-learn-${sec.learn}`}
            >
              {t.learnPractise}
            </a>
          ) : null}
        </section>
      ))}
    </article>
  );
}
