// SIGKILL of the server process mid-game, and a restart on the same SQLite file: nothing is lost,
// the clocks included (the time the server was away is not charged), and the game goes on.
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
    // Away for 3 s: none of it may come off the clock of the side to move.
    await new Promise((r) => setTimeout(r, 3000));

    const second = await startServer(env, first.port);
    running.push(second);
    const again = await TestClient.open(second.base);
    const hello = again.next((m) => m.t === 'hello');
    const after = await again.hello(made.id, whiteToken);
    expect(await hello).toMatchObject({ t: 'hello', you: 'white' });
    expect(after.moves).toEqual(before.moves);
    expect(after.status).toBe('playing');
    expect(after.drawOffer).toBe('white');
    expect(after.clock).toEqual({ initial: 600_000, increment: 5_000 });
    // The side not to move keeps its time to the millisecond. The side to move is charged the time
    // it had before the server died, not the time the server was away: its clock paused from the
    // dead instance's last beat (at most a heartbeat, 1 s, before the kill) until the seat came back.
    const running_ = after.clocks!.running!;
    const idle = running_ === 'white' ? 'black' : 'white';
    expect(after.clocks![idle]).toBe(before.clocks![idle]);
    const away = after.now - before.now;
    expect(away).toBeGreaterThan(3000);
    const charged = before.clocks![running_] - after.clocks![running_];
    // (The pause starts at that last beat, so it may also give back up to a heartbeat of time used.)
    expect(Math.abs(charged)).toBeLessThanOrEqual(killedAt - before.now + 1100);
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
