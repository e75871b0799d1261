// Mounts the imperative board widget once and hands it to its controller, which then `set()`s it.
import { Component } from 'preact';
import { createBoard, type Board } from '@dama/board';

interface Props {
  /** receives the board after mounting and undefined before it is destroyed */
  bind: (board: Board | undefined) => void;
  class?: string;
}

export class BoardMount extends Component<Props> {
  private el: HTMLDivElement | null = null;
  private board: Board | undefined;

  override componentDidMount(): void {
    if (!this.el) return;
    this.board = createBoard(this.el);
    this.props.bind(this.board);
  }

  override shouldComponentUpdate(): boolean {
    return false; // the widget draws itself
  }

  override componentWillUnmount(): void {
    this.props.bind(undefined);
    this.board?.destroy();
    this.board = undefined;
  }

  override render() {
    return (
      <div
        class={this.props.class ?? 'board-wrap'}
        ref={(el) => {
          this.el = el;
        }}
      />
    );
  }
}
