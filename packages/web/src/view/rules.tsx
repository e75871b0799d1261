// The rules page: text in the player's language, with small boards that show the key cases.
// Each diagram's moves come from the rules (core); the player may try them on the board.
import { Component, type JSX } from 'preact';
import { parsePosition, type Position } from '@dama/core';
import { createBoard, type Board, type BoardConfig } from '@dama/board';
import type { AppCtrl } from '../ctrl/app.ts';
import { arrowsOf, boardMoves, piecesOf } from '../adapter.ts';
import { ANIMATION_MS, type Settings } from '../io/settings.ts';
import { rulesContent, type Diagram } from './rules-content.ts';

interface DiagramProps {
  diagram: Diagram;
  settings: Settings;
  label: string;
}

class DiagramBoard extends Component<DiagramProps> {
  private el: HTMLDivElement | null = null;
  private board: Board | undefined;
  private timer: ReturnType<typeof setTimeout> | undefined;

  private position(): Position | undefined {
    const p = parsePosition(this.props.diagram.fen);
    return p.ok ? p.value : undefined;
  }

  private config(): BoardConfig {
    const pos = this.position();
    const s = this.props.settings;
    if (!pos) return {};
    return {
      pieces: piecesOf(pos),
      movable: { color: pos.turn, moves: boardMoves(pos) },
      arrows: pos.legalMoves().flatMap(arrowsOf),
      lastMove: null,
      theme: s.theme,
      coordinates: true,
      showDests: true,
      animationMs: ANIMATION_MS[s.animation],
      labels: { board: this.props.label },
    };
  }

  private observer: IntersectionObserver | undefined;

  override componentDidMount(): void {
    const el = this.el;
    if (!el) return;
    // boards are made when they come near the screen: the page opens faster
    if (typeof IntersectionObserver === 'undefined') return this.mountBoard(el);
    this.observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((e) => e.isIntersecting)) {
          this.observer?.disconnect();
          this.mountBoard(el);
        }
      },
      { rootMargin: '0px' },
    );
    this.observer.observe(el);
  }

  private mountBoard(el: HTMLElement): void {
    this.board = createBoard(el, {
      ...this.config(),
      onMove: () => {
        clearTimeout(this.timer);
        this.timer = setTimeout(() => this.board?.set(this.config()), 1600);
      },
    });
  }

  override shouldComponentUpdate(next: DiagramProps): boolean {
    if (next.settings !== this.props.settings) this.board?.set(this.config());
    return false;
  }

  override componentWillUnmount(): void {
    this.observer?.disconnect();
    clearTimeout(this.timer);
    this.board?.destroy();
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

export function rulesView(ctrl: AppCtrl): JSX.Element {
  const t = ctrl.trans;
  return (
    <article class="page rules" lang={ctrl.lang}>
      <h2 class="page-title">{t.rulesTitle}</h2>
      {rulesContent(ctrl.lang).map((sec, i) => (
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
              <DiagramBoard diagram={sec.diagram} settings={ctrl.settings} label={sec.diagram.caption} />
              <figcaption>{sec.diagram.caption}</figcaption>
            </figure>
          ) : null}
          {sec.faq ? (
            <dl class="faq">
              {sec.faq.map(([q, a], j) => [<dt key={`q${j}`}>{q}</dt>, <dd key={`a${j}`}>{a}</dd>])}
            </dl>
          ) : null}
        </section>
      ))}
    </article>
  );
}
