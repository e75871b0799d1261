/**
 * One list of a message's fragments for each of `ws`'s receivers, kept for the socket's life.
 *
 * `ws` (8.x) gathers a message's frames in the receiver's `_fragments` and, once the message is
 * whole, hands it on and starts a new, empty list. That list waits for the socket's next message,
 * seconds later at a player's pace, so it outlives the young generation. Then the next message's
 * frame is pushed into it: an old, soon dead list pointing at a young array and a young buffer
 * (which holds the read chunk it was cut from). A scavenge keeps whatever an old object points to,
 * dead or not, so all of them reached the old generation too: about half of what each received
 * message left for the major collections (docs/server-load.md, session 39).
 *
 * Here the receiver keeps its first list. After each message the list is emptied in place, so it
 * no longer points at the message's buffers, and given back. Everything else `dataMessage` does
 * (joining the fragments, UTF-8 checks, events) is `ws`'s own. A list handed to the application
 * (`binaryType` 'fragments') is left to it.
 */
import * as ws from 'ws';

interface ReceiverInternals {
  _fragments: unknown;
  _binaryType: string;
  dataMessage(this: ReceiverInternals, cb: unknown): void;
}

const patched = new WeakSet<object>();

/**
 * Installs the reuse on `ws`'s Receiver (once; later calls do nothing). False when this `ws` has
 * no such internals (another version): it then runs as it came, which is correct, only heavier.
 */
export function reuseFragmentLists(): boolean {
  // Not in ws's type definitions, but exported by its CommonJS and ES entries alike.
  const receiver = (ws as unknown as { Receiver?: { prototype: ReceiverInternals } }).Receiver;
  const proto = receiver?.prototype;
  if (!proto || typeof proto.dataMessage !== 'function') return false;
  if (patched.has(proto)) return true;
  const dataMessage = proto.dataMessage;
  proto.dataMessage = function (this: ReceiverInternals, cb: unknown): void {
    const list = this._fragments;
    dataMessage.call(this, cb);
    const next = this._fragments;
    if (
      next !== list &&
      Array.isArray(list) &&
      Array.isArray(next) &&
      next.length === 0 &&
      this._binaryType !== 'fragments'
    ) {
      list.length = 0;
      this._fragments = list;
    }
  };
  patched.add(proto);
  return true;
}
