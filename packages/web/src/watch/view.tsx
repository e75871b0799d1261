// The watch screen: the featured game big (board, both players with their ratings and clocks, whose
// move or the result), the other live games to open, and the way to the leaderboards.
import type { JSX } from 'preact';
import type { Snapshot } from '@dama/server/wire';
import { BoardMount } from '../lib/board-mount.tsx';
import type { Catalog } from '../lib/i18n/index.ts';
import { icons } from '../lib/icons.tsx';
import { gameKind, strip, type OnlineCtrl } from '../online/index.tsx';
import { errorText } from '../lib/player/errors.ts';
import { resultTitle } from '../lib/result.ts';
import { reasonText } from '../lib/record-text.ts';
import type { WatchCtrl } from './ctrl.ts';

/** '5+0', '3 days a move'. */
function clockText(t: Catalog, s: Snapshot): string {
  if (s.days) return t.corrDays(s.days);
  return s.clock ? `${s.clock.initial / 60_000}+${s.clock.increment / 1000}` : t.time_off;
}

const rated = (p: { rating: number; provisional: boolean }) => `${p.rating}${p.provisional ? '?' : ''}`;

/** Whose move, or how it ended. */
function featuredStatus(o: OnlineCtrl): JSX.Element | null {
  const t = o.t;
  const s = o.snap;
  if (!s) return <p class="status">{t.watchLoadingGame}</p>;
  const p = s.players;
  const winner = s.outcome?.winner;
  if (s.status === 'over' && s.outcome)
    return (
      <p class="status" role="status" data-testid="featured-status">
        {winner && p
          ? t.onlineOpponentWins(p[winner].name)
          : resultTitle(t, { winner, reason: 'resignation' }, undefined)}
        {s.outcome.reason ? ` · ${reasonText(t, s.outcome.reason)}` : ''}
      </p>
    );
  if (s.status !== 'playing') return <p class="status">{t.watchEnded}</p>;
  return (
    <p class="status" data-testid="featured-status">
      {p ? t.watchToMove(p[o.turn].name) : t.toMove(o.turn)}
    </p>
  );
}

function featured(w: WatchCtrl, t: Catalog): JSX.Element {
  const o = w.featured!;
  return (
    <div
      class={`game online watch${o.correspondence ? ' corr' : ''}`}
      data-testid="featured"
      data-game={o.id}
      data-status={o.status ?? 'loading'}
    >
      <div class="board-col">
        {strip(o, 'black', 'top')}
        <BoardMount key={o.instance} bind={(b) => o.setBoard(b)} class="board-wrap" />
        {strip(o, 'white', 'bottom')}
      </div>
      <div class="side-col">
        <h2 class="watch-title">{t.watchFeatured}</h2>
        {gameKind(o)}
        {featuredStatus(o)}
        <p class="watch-moves" data-testid="featured-moves">
          {t.moveCount(Math.ceil(o.game.plies / 2))}
        </p>
        <a class="btn" href={`#/online/${o.id}`} data-testid="featured-open">
          {t.watchOpen}
        </a>
        {othersList(w, t)}
        {leadersLink(t)}
      </div>
    </div>
  );
}

function othersList(w: WatchCtrl, t: Catalog): JSX.Element | null {
  const games = w.others();
  if (games.length === 0) return null;
  return (
    <section class="watch-others" aria-labelledby="watch-others-title">
      <h2 id="watch-others-title">{t.watchOthers}</h2>
      <ul>
        {games.map((g) => {
          const p = g.players!;
          return (
            <li key={g.id}>
              <a
                class="live-row"
                href={`#/online/${g.id}`}
                data-testid="live-game"
                aria-label={t.watchGameLabel(
                  p.white.name,
                  rated(p.white),
                  p.black.name,
                  rated(p.black),
                  clockText(t, g),
                )}
              >
                <span class="live-players" aria-hidden="true">
                  <span>
                    <span class="dot white" />
                    <span class="live-name">{p.white.name}</span>
                    <small>{rated(p.white)}</small>
                  </span>
                  <span>
                    <span class="dot black" />
                    <span class="live-name">{p.black.name}</span>
                    <small>{rated(p.black)}</small>
                  </span>
                </span>
                <span class="live-kind" aria-hidden="true">
                  {clockText(t, g)}
                  <small>{t.moveCount(Math.ceil(g.moves.length / 2))}</small>
                </span>
              </a>
            </li>
          );
        })}
      </ul>
    </section>
  );
}

function leadersLink(t: Catalog): JSX.Element {
  return (
    <a class="card leaders-card" href="#/leaderboard" data-testid="leaders-link">
      <span class="card-icon">{icons.trophy()}</span>
      <span class="card-text">
        <strong>{t.leadersTitle}</strong>
        <small>{t.leadersCardNote}</small>
      </span>
    </a>
  );
}

export function watchView(w: WatchCtrl, t: Catalog): JSX.Element {
  if (w.featured) return featured(w, t);
  return (
    <div class="page watch-page" data-testid="watch">
      {w.failed ? (
        <div class="watch-problem" role="alert">
          <p>{errorText(t, w.failed)}</p>
          <button type="button" class="btn small" onClick={() => void w.refresh()}>
            {t.playerRetry}
          </button>
        </div>
      ) : w.live ? (
        <div class="watch-empty" data-testid="watch-empty">
          <p>{t.watchNone}</p>
          <a class="btn primary" href="#/lobby">
            {t.lobbyTitle}
          </a>
        </div>
      ) : (
        <p class="status" role="status">
          {t.watchLoading}
        </p>
      )}
      {othersList(w, t)}
      {leadersLink(t)}
    </div>
  );
}
