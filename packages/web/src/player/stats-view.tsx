// The profile's record against people: ratings by speed, the rating history's graph, the finished
// paired games (each opening its replay or the analysis board), and the block list.
import type { JSX } from 'preact';
import type { Catalog, Lang } from '../lib/i18n/index.ts';
import { radios } from '../lib/widgets.tsx';
import { ratingText, type Speed } from '../lib/online/clocks.ts';
import { RatingChart } from './chart.tsx';
import type { ProfileCtrl } from './ctrl.ts';
import type { GameRow, PlayerStats } from './stats.ts';
import { errorText } from '../lib/player/errors.ts';

const speedName = (t: Catalog, s: Speed): string => t[`speed_${s}`];

const dayOf = (ms: number, lang: Lang, year = true): string =>
  new Intl.DateTimeFormat(lang === 'tr' ? 'tr-TR' : 'en-GB', {
    day: 'numeric',
    month: 'short',
    ...(year ? { year: 'numeric' } : {}),
  }).format(new Date(ms));

export function ratingsSection(p: ProfileCtrl): JSX.Element | null {
  const s = p.stats;
  const a = s?.account;
  if (!s || !a) return null;
  const t = p.t;
  const speeds = s.ratedSpeeds();
  return (
    <section class="group player-ratings" aria-labelledby="ratings-title" data-testid="ratings">
      <h2 id="ratings-title">{t.profileRatings}</h2>
      {speeds.length === 0 ? (
        <p class="note">{t.profileNoRatings}</p>
      ) : (
        <>
          <ul class="rating-list">
            {speeds.map((speed) => {
              const r = a.ratings[speed]!;
              return (
                <li key={speed} data-testid={`profile-rating-${speed}`}>
                  <span class="speed">{speedName(t, speed)}</span>
                  <strong class="value">{ratingText(r)}</strong>
                  <small>{t.profileGameCount(r.games)}</small>
                </li>
              );
            })}
          </ul>
          {speeds.some((speed) => a.ratings[speed]!.provisional) ? (
            <p class="note">{t.profileProvisionalNote}</p>
          ) : null}
        </>
      )}
      <a class="btn small" href={`#/leaderboard/${speeds[0] ?? 'blitz'}`} data-testid="profile-leaders">
        {t.leadersTitle}
      </a>
    </section>
  );
}

export function historySection(p: ProfileCtrl): JSX.Element | null {
  const s = p.stats;
  const speed = s?.graphSpeed();
  if (!s || !speed) return null;
  const t = p.t;
  const speeds = s.graphSpeeds();
  const points = s.points(speed);
  const ratings = points.map((x) => x.rating);
  const label = t.profileChartLabel(
    speedName(t, speed),
    points.length,
    ratings[0],
    ratings[ratings.length - 1],
    Math.min(...ratings),
    Math.max(...ratings),
  );
  return (
    <section class="group player-history" aria-labelledby="history-title">
      <h2 id="history-title">{t.profileHistory}</h2>
      {speeds.length > 1
        ? radios(
            'history-speed',
            t.profileSpeed,
            speeds.map((v) => ({ value: v, label: speedName(t, v) })),
            speed,
            (v) => s.choose(v),
          )
        : null}
      <RatingChart
        points={points}
        label={label}
        day={(ms) => dayOf(ms, p.lang, false)}
        id={`chart-${speed}`}
      />
    </section>
  );
}

function resultText(t: Catalog, r: GameRow['result']): string {
  return r === 'won' ? t.profileWon : r === 'lost' ? t.profileLost : t.profileDraw;
}

function gameRow(p: ProfileCtrl, g: GameRow): JSX.Element {
  const t = p.t;
  const kind = g.rated ? t.lobbyRated : t.lobbyCasual;
  const thisYear = (ms: number) => new Date(ms).getFullYear() === new Date(p.now()).getFullYear();
  const date = g.date !== undefined ? dayOf(g.date, p.lang, !thisYear(g.date)) : undefined;
  const detail = [g.clock, kind, date].filter(Boolean).join(' · ');
  const diff = g.change ? g.change.to - g.change.from : 0;
  const body = (
    <>
      <span class="opp">
        <strong>{g.opponent}</strong>
        <small>
          <b class={`res ${g.result}`}>{resultText(t, g.result)}</b> · {detail}
        </small>
      </span>
      {g.change ? (
        <span class={`chg${diff > 0 ? ' up' : diff < 0 ? ' down' : ''}`} data-testid="game-change">
          {g.change.to}
          <small>{diff > 0 ? `+${diff}` : diff < 0 ? `−${-diff}` : '±0'}</small>
        </span>
      ) : null}
    </>
  );
  const change = g.change ? ` · ${t.onlineRatingChange(g.change.from, g.change.to)}` : '';
  const label = t.profileGameLabel(resultText(t, g.result), g.opponent, detail + change);
  return (
    <li key={g.id} data-testid="profile-game" data-result={g.result}>
      {g.href ? (
        <a class="game-row" href={g.href} aria-label={label} data-result={g.result}>
          {body}
        </a>
      ) : (
        <div class="game-row" data-result={g.result}>
          {body}
        </div>
      )}
    </li>
  );
}

export function gamesSection(p: ProfileCtrl): JSX.Element | null {
  const s = p.stats;
  if (!s) return null;
  const t = p.t;
  const rows = s.rows();
  return (
    <section class="group player-games" aria-labelledby="games-title" data-testid="profile-games">
      <h2 id="games-title">{t.profileGamesTitle}</h2>
      {s.games === undefined && s.loading ? (
        <p class="note" role="status">
          {t.profileStatsLoading}
        </p>
      ) : null}
      {s.failed ? <StatsFailed t={t} s={s} /> : null}
      {s.games !== undefined && rows.length === 0 ? <p class="note">{t.profileNoGames}</p> : null}
      {rows.length > 0 ? <ul class="game-list">{rows.map((g) => gameRow(p, g))}</ul> : null}
    </section>
  );
}

function StatsFailed({ t, s }: { t: Catalog; s: PlayerStats }): JSX.Element {
  return (
    <div class="player-stale" role="alert">
      <p>
        {t.profileStatsFailed} {errorText(t, s.failed!)}
      </p>
      <button type="button" class="btn small" disabled={s.loading} onClick={() => void s.load()}>
        {t.playerRetry}
      </button>
    </div>
  );
}

export function blocksSection(p: ProfileCtrl): JSX.Element | null {
  const s = p.stats;
  const a = s?.account;
  if (!s || !a) return null;
  const t = p.t;
  const shown = s.blockedShown();
  return (
    <section class="group player-blocks" aria-labelledby="blocks-title" data-testid="profile-blocks">
      <h2 id="blocks-title">{t.profileBlockedTitle}</h2>
      <p class="note">{a.blocked.length === 0 ? t.profileNoBlocked : t.profileBlockedNote}</p>
      {shown.length > 0 ? (
        <ul class="block-list">
          {shown.map((id) => {
            const name = s.names.get(id) ?? t.profileUnknownName;
            return (
              <li key={id} data-testid="blocked-player">
                <span class="who">{name}</span>
                <button
                  type="button"
                  class="btn small"
                  aria-label={t.profileUnblockLabel(name)}
                  disabled={s.unblocking.has(id)}
                  onClick={() => void s.unblock(id)}
                >
                  {t.profileUnblock}
                </button>
                {s.unblockFailed === id ? (
                  <p class="player-problem" role="alert">
                    {t.profileUnblockFailed}
                  </p>
                ) : null}
              </li>
            );
          })}
        </ul>
      ) : null}
      {a.blocked.length > shown.length ? (
        <button type="button" class="btn small" onClick={() => s.showMoreBlocked()}>
          {t.profileMoreBlocked}
        </button>
      ) : null}
    </section>
  );
}
