// A stand-in for a WebSocket in unit tests: the test plays the server and the network. It keeps what
// the client sent (parsed), refuses a send while not open, as a browser does, and lets the test open
// it, answer on it (`say`) and break it (`drop`). Imported by tests only.
import type { SocketLike } from './socket.ts';

export class FakeSocket<Out extends { t: string }, In = unknown> implements SocketLike {
  readyState = 0;
  /** what reached the server */
  sent: Out[] = [];
  onopen: (() => void) | null = null;
  onmessage: ((e: { data: unknown }) => void) | null = null;
  onclose: (() => void) | null = null;

  send(text: string): void {
    if (this.readyState !== 1) throw new Error('send on a socket that is not open');
    this.sent.push(JSON.parse(text) as Out);
  }

  /** closed by the client */
  close(): void {
    this.readyState = 3;
  }

  open(): void {
    this.readyState = 1;
    this.onopen?.();
  }

  /** a message from the server (or any text, as a broken one) */
  say(msg: In | string): void {
    this.onmessage?.({ data: typeof msg === 'string' ? msg : JSON.stringify(msg) });
  }

  /** the connection breaks: the browser closes the socket */
  drop(): void {
    this.readyState = 3;
    this.onclose?.();
  }

  /** the messages sent of one type */
  ofType<T extends Out['t']>(t: T): Extract<Out, { t: T }>[] {
    return this.sent.filter((m): m is Extract<Out, { t: T }> => m.t === t);
  }
}
