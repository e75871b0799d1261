import { describe, expect, it } from 'vitest';
import * as ws from 'ws';
import { reuseFragmentLists } from './ws-receiver.ts';

interface TestReceiver {
  _fragments: unknown[];
  write(chunk: Buffer): boolean;
  on(event: 'message', f: (data: unknown, isBinary: boolean) => void): void;
  on(event: 'error', f: (e: Error) => void): void;
}
type ReceiverClass = new (options: { isServer: boolean; binaryType?: string }) => TestReceiver;
const Receiver = (ws as unknown as { Receiver: ReceiverClass }).Receiver;

/** A client's frame: masked, as every frame from a client must be. */
function frame(payload: string | Buffer, { fin = true, opcode = 1 } = {}): Buffer {
  const data = Buffer.isBuffer(payload) ? payload : Buffer.from(payload);
  if (data.length > 125) throw new Error('short frames only');
  const mask = Buffer.from([0x12, 0x34, 0x56, 0x78]);
  const masked = Buffer.from(data.map((b, i) => b ^ mask[i % 4]));
  return Buffer.concat([Buffer.from([(fin ? 0x80 : 0) | opcode, 0x80 | data.length]), mask, masked]);
}

function receiver(binaryType?: string) {
  const r = new Receiver({ isServer: true, binaryType });
  const got: { data: unknown; binary: boolean }[] = [];
  const errors: Error[] = [];
  r.on('message', (data, binary) => got.push({ data, binary }));
  r.on('error', (e) => errors.push(e));
  return { r, got, errors };
}

describe("ws's receiver keeps one fragment list", () => {
  it('is installed on this ws', () => {
    expect(reuseFragmentLists()).toBe(true);
    expect(reuseFragmentLists()).toBe(true);
  });

  it('hands each message on whole and keeps its first list, emptied', () => {
    reuseFragmentLists();
    const { r, got, errors } = receiver();
    const list = r._fragments;
    r.write(frame('{"t":"ping","rtt":12}'));
    expect(r._fragments).toBe(list);
    expect(list).toEqual([]);
    // Two frames in one chunk, and a frame cut across two chunks.
    r.write(Buffer.concat([frame('{"t":"move"}'), frame('ü')]));
    const split = frame('{"t":"sync","v":3}');
    r.write(split.subarray(0, 5));
    r.write(split.subarray(5));
    expect(errors).toEqual([]);
    expect(got.map((g) => String(g.data))).toEqual([
      '{"t":"ping","rtt":12}',
      '{"t":"move"}',
      'ü',
      '{"t":"sync","v":3}',
    ]);
    expect(r._fragments).toBe(list);
    expect(list).toEqual([]);
  });

  it('joins a message sent in fragments', () => {
    reuseFragmentLists();
    const { r, got } = receiver();
    const list = r._fragments;
    r.write(frame('{"t":', { fin: false }));
    expect(list).toHaveLength(1);
    r.write(frame('"resign"}', { fin: true, opcode: 0 }));
    expect(got.map((g) => String(g.data))).toEqual(['{"t":"resign"}']);
    expect(r._fragments).toBe(list);
    expect(list).toEqual([]);
  });

  it('still refuses a text message that is not UTF-8', async () => {
    reuseFragmentLists();
    const { r, got, errors } = receiver();
    r.write(frame(Buffer.from([0xff, 0xfe])));
    await new Promise((done) => setImmediate(done)); // a stream's error comes a tick later
    expect(got).toEqual([]);
    expect(errors.map((e) => e.message)).toEqual(['Invalid WebSocket frame: invalid UTF-8 sequence']);
  });

  it("leaves a list handed to the application (binaryType 'fragments') to it", () => {
    reuseFragmentLists();
    const { r, got } = receiver('fragments');
    r.write(frame(Buffer.from([1, 2]), { fin: false, opcode: 2 }));
    r.write(frame(Buffer.from([3]), { fin: true, opcode: 0 }));
    r.write(frame(Buffer.from([4]), { opcode: 2 }));
    expect(got.map((g) => (g.data as Buffer[]).map((b) => [...b]))).toEqual([[[1, 2], [3]], [[4]]]);
    expect(got[0].data).not.toBe(got[1].data);
  });
});
