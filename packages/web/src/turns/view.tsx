// The home screen's "Your turn" list: each game in progress, the player's move first, with the
// opponent, the time control and the time left for the move; a tap opens it with the player's seat.
import type { JSX } from 'preact';
import { formatClock, formatDays } from '../lib/clock.ts';
import type { Catalog } from '../lib/i18n/index.ts';
import type { TurnGame, TurnsCtrl } from './ctrl.ts';
import './turns.css';

/** '3 days' ('3 days a move' when `long`), '5+0', or nothing (no clock). */
function kindOf(t: Catalog, g: TurnGame, long = false): string | undefined {
  const s = g.snap;
  if (s.days) return long ? t.corrPerMove(s.days) : t.corrDays(s.days);
  return s.clock ? `${s.clock.initial / 60_000}+${s.clock.increment / 1000}` : undefined;
}

function row(ctrl: TurnsCtrl, t: Catalog, g: TurnGame): JSX.Element {
  const opponent = ctrl.opponent(g) ?? t.onlineFriend;
  const left = ctrl.timeLeft(g);
  const time = left === undefined ? undefined : g.snap.days ? formatDays(t, left) : formatClock(left);
  const kind = kindOf(t, g);
  const state = g.yourTurn ? t.turnsYours : t.turnsTheirs;
  return (
    <li key={g.id}>
      <a
        class={`turn-row${g.yourTurn ? ' yours' : ''}`}
        href={`#/online/${g.id}/${g.token}`}
        data-testid="turn-game"
        data-game={g.id}
        data-your-turn={g.yourTurn ? 'yes' : 'no'}
        aria-label={t.turnsLabel(opponent, g.yourTurn, time, kindOf(t, g, true))}
      >
        <span class={`dot ${g.color}`} aria-hidden="true" />
        <span class="turn-text" aria-hidden="true">
          <strong>{opponent}</strong>
          <small>{[kind, t.moveCount(Math.ceil(g.snap.moves.length / 2))].filter(Boolean).join(' · ')}</small>
        </span>
        <span class="turn-state" aria-hidden="true">
          <b>{state}</b>
          {time !== undefined ? <small>{g.yourTurn ? t.turnsLeft(time) : time}</small> : null}
        </span>
      </a>
    </li>
  );
}

/** The list, when the player is in the middle of any game (nothing at all otherwise). */
export function turnsSection(ctrl: TurnsCtrl | undefined, t: Catalog): JSX.Element | null {
  if (!ctrl || ctrl.games.length === 0) return null;
  const mine = ctrl.yourTurn().length;
  return (
    <section class="turns" aria-labelledby="turns-title" data-testid="turns">
      <h2 id="turns-title">
        {mine > 0 ? t.turnsTitle : t.turnsWaitingTitle}
        {mine > 0 ? <span class="count">{mine}</span> : null}
      </h2>
      <ul>{ctrl.games.map((g) => row(ctrl, t, g))}</ul>
    </section>
  );
}
