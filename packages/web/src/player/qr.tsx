// The QR code of the transfer link, drawn by uqr (a small QR encoder, also used by the online
// invitation) loaded only when a code is first shown, so that the profile itself stays light. Until
// it is there, or if it cannot be loaded, the code's text beside it says everything.
import { Component, type JSX } from 'preact';

type Render = (text: string) => string;

let loading: Promise<Render> | undefined;

/** uqr's SVG renderer, loaded once (a failed load is forgotten, so the next code tries again). */
function qrRenderer(): Promise<Render> {
  loading ??= import('uqr').then(
    ({ renderSVG }) =>
      (text: string) =>
        renderSVG(text, { border: 2, pixelSize: 6 }),
    (e: unknown) => {
      loading = undefined;
      throw e;
    },
  );
  return loading;
}

interface Props {
  text: string;
  /** what the picture is, for screen readers */
  label: string;
}

interface State {
  svg?: string;
  of?: string;
}

export class QrCode extends Component<Props, State> {
  override state: State = {};
  private alive = true;
  /** the text last asked for (a failed load is not tried again at every redraw) */
  private asked: string | undefined;

  override componentDidMount(): void {
    this.draw();
  }

  override componentDidUpdate(): void {
    if (this.asked !== this.props.text) this.draw();
  }

  override componentWillUnmount(): void {
    this.alive = false;
  }

  private draw(): void {
    const text = this.props.text;
    this.asked = text;
    qrRenderer().then(
      (render) => {
        if (this.alive && this.props.text === text) this.setState({ svg: render(text), of: text });
      },
      () => undefined,
    );
  }

  override render(): JSX.Element | null {
    const { svg, of } = this.state;
    if (!svg || of !== this.props.text) return <div class="player-qr pending" aria-hidden="true" />;
    return (
      <div
        class="player-qr"
        role="img"
        aria-label={this.props.label}
        data-testid="transfer-qr"
        // uqr draws the code as a self-contained SVG string (no script, no external reference)
        dangerouslySetInnerHTML={{ __html: svg }}
      />
    );
  }
}
