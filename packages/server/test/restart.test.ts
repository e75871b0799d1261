// SIGKILL of the server process mid-game, and a restart on the same SQLite file: nothing is lost,
// the clocks included, and the game goes on.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { createGame, TestClient } from './client.ts';
import { pickMove, random } from './play.ts';
import { kill, startServer, type ServerProcess } from './services.ts';

const dir = mkdtempSync(join(tmpdir(), 'dama-restart-'));
const running: ServerProcess[] = [];
afterAll(async () => {
  for (const s of running) await kill(s.child);
  rmSync(dir, { recursive: true, force: true });
});

describe('a server killed mid-game', () => {
  it('comes back with every move, seat, offer and clock as it was', async () => {
    const env = { DAMA_DB: join(dir, 'games.sqlite') };
    const first = await startServer(env);
    running.push(first);
    const made = await createGame(first.base, { color: 'black', clock: { minutes: 10, increment: 5 } });
    const black = await TestClient.open(first.base);
    await black.hello(made.id, made.token);
    const white = await TestClient.open(first.base);
    await white.hello(made.id);
    const seat = white.next((m) => m.t === 'seat');
    white.send({ t: 'join' });
    const whiteToken = ((await seat) as { token: string }).token;
    const rand = random(5);
    let game = white.game!;
    for (let i = 0; i < 12; i++) {
      const mover = game.moves.length % 2 === 0 ? white : black;
      const seen = white.nextGame((g) => g.moves.length === game.moves.length + 1);
      mover.send({ t: 'move', move: pickMove(game.moves, rand)!, ply: game.moves.length });
      game = await seen;
    }
    const offered = black.nextGame((g) => g.drawOffer === 'white');
    white.send({ t: 'draw', action: 'offer' });
    const before = await offered;
    const killedAt = Date.now();
    await kill(first.child, 'SIGKILL');

    const second = await startServer(env, first.port);
    running.push(second);
    const again = await TestClient.open(second.base);
    const hello = again.next((m) => m.t === 'hello');
    const after = await again.hello(made.id, whiteToken);
    expect(await hello).toEqual({ t: 'hello', you: 'white' });
    expect(after.moves).toEqual(before.moves);
    expect(after.status).toBe('playing');
    expect(after.drawOffer).toBe('white');
    expect(after.clock).toEqual({ initial: 600_000, increment: 5_000 });
    // The side not to move keeps its time to the millisecond; the side to move has lost only the
    // wall time that passed (the clock is the server's, and it ran on while the server was down).
    const running_ = after.clocks!.running!;
    const idle = running_ === 'white' ? 'black' : 'white';
    expect(after.clocks![idle]).toBe(before.clocks![idle]);
    const elapsed = after.now - before.now;
    expect(after.clocks![running_]).toBe(before.clocks![running_] - elapsed);
    expect(after.now).toBeGreaterThanOrEqual(killedAt);
    // And it goes on: the player to move moves on the new process.
    const blackAgain = await TestClient.open(second.base);
    await blackAgain.hello(made.id, made.token);
    const mover = after.moves.length % 2 === 0 ? again : blackAgain;
    const seen = again.nextGame((g) => g.moves.length === after.moves.length + 1);
    mover.send({ t: 'move', move: pickMove(after.moves, rand)!, ply: after.moves.length });
    expect((await seen).moves.slice(0, -1)).toEqual(before.moves);
    again.close();
    blackAgain.close();
    white.close();
    black.close();
  }, 60_000);
});
