/** Game records for tests that store one without a server: a friend's link game, no clock. */
import { newRecord, type ServerGame } from '../src/record.ts';

export const linkGame = (id: string): ServerGame =>
  newRecord({
    id,
    creator: 'white',
    token: `t-${id}`,
    clock: null,
    days: null,
    owner: null,
    address: 'a',
    now: 1,
  });
