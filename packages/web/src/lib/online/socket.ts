// The part of a WebSocket the game and lobby sockets use (a fake one in unit tests).

/** The part of a WebSocket a controller uses. */
export interface SocketLike {
  readyState: number;
  send(text: string): void;
  close(): void;
  onopen: (() => void) | null;
  onmessage: ((e: { data: unknown }) => void) | null;
  onclose: (() => void) | null;
}
