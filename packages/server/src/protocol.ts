/**
 * The messages of the game socket (`/api/ws`), one JSON object per WebSocket text frame, each with a
 * type `t`. What a client sends is validated here by schema before anything reads it; anything else
 * gets an `error` message back and changes nothing. See the README for the whole protocol.
 */
import { z } from 'zod';
import { MOVE_ID, REACTIONS } from './wire.ts';
import type * as Wire from './wire.ts';

const gameId = z.string().regex(/^[A-Za-z0-9]{8,16}$/, 'a game id is 8 to 16 letters and digits');
const token = z.string().regex(/^[A-Za-z0-9_-]{16,64}$/, 'a seat token is 16 to 64 letters, digits, - or _');

const moveId = z.string().regex(MOVE_ID, 'a move id is 1 to 32 letters, digits, - or _');
const version = z.number().int().min(0).max(Number.MAX_SAFE_INTEGER);
const offer = z.enum(['offer', 'accept', 'decline']);

/** Every message a client may send, as a schema; its type is the wire's `ClientMessage`. */
export const ClientMessage = z.discriminatedUnion('t', [
  z
    .object({
      t: z.literal('hello'),
      game: gameId,
      token: token.optional(),
      v: version.optional(),
      delta: z.boolean().optional(),
    })
    .strict(),
  z.object({ t: z.literal('join') }).strict(),
  z.object({ t: z.literal('cancel') }).strict(),
  z
    .object({
      t: z.literal('move'),
      move: z.string().min(5).max(200),
      ply: z.number().int().min(0).max(10_000),
      id: moveId,
      rtt: z.number().min(0).max(60_000).optional(),
    })
    .strict(),
  z.object({ t: z.literal('draw'), action: offer }).strict(),
  z.object({ t: z.literal('takeback'), action: offer }).strict(),
  z.object({ t: z.literal('resign') }).strict(),
  z.object({ t: z.literal('rematch'), action: z.enum(['offer', 'decline']) }).strict(),
  z.object({ t: z.literal('claim') }).strict(),
  z.object({ t: z.literal('moretime') }).strict(),
  z.object({ t: z.literal('presence'), visible: z.boolean() }).strict(),
  z.object({ t: z.literal('react'), reaction: z.enum(REACTIONS) }).strict(),
  z.object({ t: z.literal('sync'), v: version }).strict(),
  z
    .object({
      t: z.literal('ping'),
      n: z.number().int().min(0).max(Number.MAX_SAFE_INTEGER),
      rtt: z.number().min(0).max(60_000).optional(),
    })
    .strict(),
]) satisfies z.ZodType<Wire.ClientMessage>;
export type ClientMessage = Wire.ClientMessage;

export type { ErrorCode, ServerMessage } from './wire.ts';

const rating = z.number().int().min(0).max(4000);

/** Every message a lobby client may send; its type is the wire's `LobbyClientMessage`. */
export const LobbyClientMessage = z.discriminatedUnion('t', [
  z
    .object({
      t: z.literal('hello'),
      player: z.string().regex(/^[A-Za-z0-9]{12}$/, 'a player id is 12 letters and digits'),
      secret: z.string().regex(/^[A-Za-z0-9_-]{24}$/, 'a secret is 24 letters, digits, - or _'),
    })
    .strict(),
  z
    .object({
      t: z.literal('seek'),
      clock: z.union([
        z
          .object({
            initial: z
              .number()
              .int()
              .min(0)
              .max(3 * 3600_000),
            increment: z.number().int().min(0).max(180_000),
          })
          .strict(),
        z.object({ days: z.number().int().min(1).max(14) }).strict(),
      ]),
      rated: z.boolean(),
      range: z
        .object({ min: rating, max: rating })
        .strict()
        .refine((r) => r.min <= r.max, 'a range’s min is at most its max')
        .nullable(),
    })
    .strict(),
  z.object({ t: z.literal('cancel') }).strict(),
  z.object({ t: z.literal('ping'), n: z.number().int().min(0).max(Number.MAX_SAFE_INTEGER) }).strict(),
]) satisfies z.ZodType<Wire.LobbyClientMessage>;
export type LobbyClientMessage = Wire.LobbyClientMessage;

export const CreateBody = z
  .object({
    color: z.enum(['white', 'black', 'random']),
    /** Minutes per side and seconds added per move; null for no clock. */
    clock: z
      .object({ minutes: z.number().min(0.25).max(180), increment: z.number().int().min(0).max(180) })
      .strict()
      .nullable(),
    /** A correspondence game: days a move (then `clock` is null). */
    days: z.union([z.literal(1), z.literal(3), z.literal(7)]).optional(),
  })
  .strict()
  .refine((b) => !(b.days && b.clock), 'a correspondence game has days a move, not a clock');
export type CreateBody = z.infer<typeof CreateBody>;

/** A readable sentence for a schema failure: the first problem, with where it is. */
export function describe(error: z.ZodError): string {
  const issue = error.issues[0];
  const where = issue.path.length ? ` (${issue.path.join('.')})` : '';
  return `${issue.message}${where}`;
}
