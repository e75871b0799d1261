// An online game as a kept record (My games): the rules' game with the way it ended written into it,
// its PDN (a win claimed after the opponent left says so), and a record from a server snapshot, so
// that the games a player finished on another device are listed and replayed as this device's own.
import { Game, makePdn, opposite, type Color } from '@dama/core';
import type { Outcome, Snapshot } from '@dama/server/wire';
import type { Catalog } from './i18n/index.ts';
import { pdnTags, recordOf, type GameRecord } from './record.ts';

/** The rules' game with the way it ended written into it (resignation, time, agreement). */
export function withOutcome(game: Game, o: Outcome | null): Game {
  const g = game.clone();
  if (o && !g.isOver()) {
    if (o.reason === 'resignation' && o.winner) g.resign(opposite(o.winner));
    else if ((o.reason === 'timeout' || o.reason === 'abandoned') && o.winner) g.timeout(opposite(o.winner));
    else if (o.reason === 'agreement') g.agreeDraw();
  }
  return g;
}

/** The game's PDN; a win claimed after the opponent left says so (the rules' game calls it a timeout). */
export function onlinePdn(game: Game, outcome: Outcome | null, tags: Record<string, string>): string {
  const pdn = makePdn(game, tags);
  return outcome?.reason === 'abandoned'
    ? pdn.replace('[Termination "timeout"]', '[Termination "abandoned"]')
    : pdn;
}

/** The moves replayed through the rules; undefined when they are not one legal game. */
export function replayMoves(moves: readonly string[]): Game | undefined {
  const g = new Game();
  for (const m of moves) if (!g.playNotation(m).ok) return undefined;
  return g;
}

/**
 * A finished paired game from the server (`GET /api/players/:id/games`) as a record of My games, from
 * `player`'s side (`online-<id>`, as the online screen keeps it), or undefined when it is not a
 * finished game of theirs or its moves do not replay.
 */
export function serverRecord(snap: Snapshot, player: string, t: Catalog): GameRecord | undefined {
  const p = snap.players;
  if (snap.status !== 'over' || !snap.outcome || !p) return undefined;
  const color: Color | undefined =
    p.white.id === player ? 'white' : p.black.id === player ? 'black' : undefined;
  const played = replayMoves(snap.moves);
  if (!color || !played) return undefined;
  const game = withOutcome(played, snap.outcome);
  const ended = snap.ended ?? snap.created;
  const tags = pdnTags(undefined, snap.created || ended, {
    white: p.white.name,
    black: p.black.name,
    event: t.pdnEventOnline,
  });
  const rec = recordOf(`online-${snap.id}`, undefined, game, onlinePdn(game, snap.outcome, tags), ended);
  return { ...rec, reason: snap.outcome.reason, online: { color, opponent: p[opposite(color)].name } };
}
