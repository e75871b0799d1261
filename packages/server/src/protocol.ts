/**
 * The messages of the game socket (`/api/ws`), one JSON object per WebSocket text frame, each with a
 * type `t`. What a client sends is validated here by schema before anything reads it; anything else
 * gets an `error` message back and changes nothing. See the README for the whole protocol.
 */
import { z } from 'zod';
import { REACTIONS } from './wire.ts';

const gameId = z.string().regex(/^[A-Za-z0-9]{8,16}$/, 'a game id is 8 to 16 letters and digits');
const token = z.string().regex(/^[A-Za-z0-9_-]{16,64}$/, 'a seat token is 16 to 64 letters, digits, - or _');

export const ClientMessage = z.discriminatedUnion('t', [
  /** First message: which game to watch, with the seat token if the sender has one. */
  z.object({ t: z.literal('hello'), game: gameId, token: token.optional() }).strict(),
  /** Take the open seat (the friend opening the link). */
  z.object({ t: z.literal('join') }).strict(),
  /** A move in notation (`c3-c4`, `f3xf5xd5`), made after seeing `ply` moves. */
  z
    .object({
      t: z.literal('move'),
      move: z.string().min(5).max(200),
      ply: z.number().int().min(0).max(10_000),
    })
    .strict(),
  z.object({ t: z.literal('draw'), action: z.enum(['offer', 'accept', 'decline']) }).strict(),
  z.object({ t: z.literal('resign') }).strict(),
  z.object({ t: z.literal('rematch'), action: z.enum(['offer', 'decline']) }).strict(),
  /** Claim the win when the opponent has been gone for `claimAfter` milliseconds. */
  z.object({ t: z.literal('claim') }).strict(),
  /** The page is in view or not (presence: online or away). */
  z.object({ t: z.literal('presence'), visible: z.boolean() }).strict(),
  z.object({ t: z.literal('react'), reaction: z.enum(REACTIONS) }).strict(),
  /** Answered by `pong` with the same `n` and the server's time. */
  z.object({ t: z.literal('ping'), n: z.number().int().min(0).max(Number.MAX_SAFE_INTEGER) }).strict(),
]);
export type ClientMessage = z.infer<typeof ClientMessage>;

export type { ErrorCode, ServerMessage } from './wire.ts';

export const CreateBody = z
  .object({
    color: z.enum(['white', 'black', 'random']),
    /** Minutes per side and seconds added per move; null for no clock. */
    clock: z
      .object({ minutes: z.number().min(0.25).max(180), increment: z.number().int().min(0).max(180) })
      .strict()
      .nullable(),
  })
  .strict();
export type CreateBody = z.infer<typeof CreateBody>;

/** A readable sentence for a schema failure: the first problem, with where it is. */
export function describe(error: z.ZodError): string {
  const issue = error.issues[0];
  const where = issue.path.length ? ` (${issue.path.join('.')})` : '';
  return `${issue.message}${where}`;
}
