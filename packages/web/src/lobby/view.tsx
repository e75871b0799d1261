// The lobby screen: who the player is, the seek form (time control by speed, rated or casual, the
// opponent's rating), the seeking state (its time, Cancel, and the computer while waiting), the
// counts, and the open seeks of others, each a tap away from a game.
import type { JSX } from 'preact';
import type { LobbySeek } from '@dama/server/wire';
import type { Catalog, Lang } from '../lib/i18n/index.ts';
import { icons } from '../lib/icons.tsx';
import { radios } from '../lib/widgets.tsx';
import { errorText } from '../lib/player/errors.ts';
import {
  CLOCK_GROUPS,
  clockLabel,
  clockOf,
  keyOf,
  rangeAround,
  RANGES,
  ratingText,
  speedOfSeek,
  type Speed,
} from '../lib/online/clocks.ts';
import type { LobbyCtrl } from './ctrl.ts';

/** '1:05': minutes and seconds waited. */
export const waited = (ms: number): string => {
  const s = Math.floor(ms / 1000);
  return `${Math.floor(s / 60)}:${String(s % 60).padStart(2, '0')}`;
};

/** The end of a pause: the time today, else the day and the time. */
function when(ms: number, now: number, lang: Lang): string {
  const locale = lang === 'tr' ? 'tr-TR' : 'en-GB';
  const sameDay = new Date(ms).toDateString() === new Date(now).toDateString();
  return new Intl.DateTimeFormat(locale, {
    ...(sameDay ? {} : { day: 'numeric', month: 'long' }),
    hour: '2-digit',
    minute: '2-digit',
  }).format(new Date(ms));
}

const speedName = (t: Catalog, s: Speed): string => t[`speed_${s}`];

function statusLine(l: LobbyCtrl): JSX.Element | null {
  const t = l.t;
  if (l.connection === 'identity')
    return (
      <p class="lobby-status" role="status">
        {t.lobbyIdentity}
      </p>
    );
  if (l.connection === 'connecting')
    return (
      <p class="lobby-status" role="status">
        {t.lobbyConnecting}
      </p>
    );
  if (l.connection === 'reconnecting')
    return (
      <p class="lobby-status warn" role="status" data-testid="lobby-reconnecting">
        <span class="spinner" aria-hidden="true" />
        {l.wanted ? t.lobbyReconnectingSeek : t.lobbyReconnecting}
      </p>
    );
  return null;
}

function problem(l: LobbyCtrl): JSX.Element | null {
  const t = l.t;
  const p = l.problem;
  if (!p) return null;
  const text =
    p === 'identity'
      ? errorText(t, l.identityError ?? 'server')
      : p === 'unknown-player'
        ? t.lobbyUnknownPlayer
        : p === 'busy'
          ? t.lobbyBusy
          : p === 'withdrawn'
            ? t.lobbyWithdrawn
            : t.lobbyRefused;
  return (
    <div class="lobby-problem" role="alert" data-testid="lobby-problem" data-problem={p}>
      <p>{text}</p>
      {p === 'identity' ? (
        <button type="button" class="btn small" onClick={() => l.retry()}>
          {t.playerRetry}
        </button>
      ) : p === 'unknown-player' ? (
        <a class="btn small" href="#/profile">
          {t.lobbyOpenProfile}
        </a>
      ) : null}
    </div>
  );
}

function pausedNotice(l: LobbyCtrl): JSX.Element | null {
  if (!l.paused()) return null;
  return (
    <p class="lobby-paused" role="status" data-testid="lobby-paused">
      {l.t.lobbyPaused(when(l.pausedUntil!, l.now(), l.lang))}
    </p>
  );
}

function foundCard(l: LobbyCtrl): JSX.Element | null {
  if (!l.found) return null;
  const t = l.t;
  return (
    <section class="lobby-found" role="alert">
      <strong>{t.lobbyFoundTitle}</strong>
      <p>{t.lobbyFoundNote}</p>
      <button type="button" class="btn primary" onClick={() => l.goToGame()}>
        {t.lobbyGoToGame}
      </button>
    </section>
  );
}

/** The time controls, one row of choices per speed, with the player's rating in it. */
function clockChoice(l: LobbyCtrl): JSX.Element {
  const t = l.t;
  return (
    <fieldset class="choices lobby-clocks">
      <legend>{t.lobbyTimeControl}</legend>
      {CLOCK_GROUPS.map(([speed, keys]) => {
        const r = l.ratings[speed];
        return (
          <div class="speed-row" key={speed}>
            <span class="speed-name">
              {/* the row names fit a narrow column: correspondence is 'Daily' there in English */}
              {speed === 'correspondence' ? t.lobbyCorrRow : speedName(t, speed)}
              {r ? <small>{ratingText(r)}</small> : null}
            </span>
            <div class="segmented">
              {keys.map((k) => (
                <label class={k === l.draft.clock ? 'on' : ''} key={k}>
                  <input
                    type="radio"
                    name="lobby-clock"
                    value={k}
                    checked={k === l.draft.clock}
                    onChange={() => l.setDraft({ clock: k })}
                  />
                  <span>{clockLabel(t, k)}</span>
                </label>
              ))}
            </div>
          </div>
        );
      })}
    </fieldset>
  );
}

function seekForm(l: LobbyCtrl): JSX.Element {
  const t = l.t;
  const d = l.draft;
  const speed = speedOfSeek(clockOf(d.clock));
  const mine = l.ratingIn(speed);
  const range = rangeAround(mine.rating, d.range);
  return (
    <form
      class="lobby-form"
      onSubmit={(e) => {
        e.preventDefault();
        l.seek();
      }}
    >
      {clockChoice(l)}
      {speed === 'correspondence' ? <p class="note corr-note">{t.lobbyCorrNote}</p> : null}
      {radios(
        'lobby-rated',
        t.lobbyKind,
        [
          { value: 'rated', label: t.lobbyRated },
          { value: 'casual', label: t.lobbyCasual },
        ],
        d.rated ? 'rated' : 'casual',
        (v) => l.setDraft({ rated: v === 'rated' }),
        t.lobbyRatedNote,
      )}
      {radios(
        'lobby-range',
        t.lobbyRange,
        RANGES.map((r) => ({ value: String(r), label: r === null ? t.lobbyRangeAny : `±${r}` })),
        String(d.range),
        (v) => l.setDraft({ range: RANGES.find((r) => String(r) === v) ?? null }),
        t.lobbyRangeNote(speedName(t, speed), ratingText(mine), range ? `${range.min}–${range.max}` : null),
      )}
      <div class="actions">
        <button type="submit" class="btn primary wide" data-testid="lobby-seek" disabled={!l.canSeek()}>
          {t.lobbySeek}
        </button>
      </div>
    </form>
  );
}

/** While seeking: what is sought, the time waited, Cancel, and the computer meanwhile. */
function seekingCard(app: LobbyShell, l: LobbyCtrl): JSX.Element {
  const t = l.t;
  const spec = l.wanted!.spec;
  const range = spec.range ? `${spec.range.min}–${spec.range.max}` : t.lobbyAnyRating;
  return (
    <section
      class="lobby-seeking"
      data-testid="lobby-seeking"
      data-open={l.seekId !== null ? 'yes' : 'no'}
      aria-labelledby="lobby-seeking-title"
    >
      <div class="radar" aria-hidden="true">
        <i />
        <i />
        <span class="piece" />
      </div>
      <h2 id="lobby-seeking-title">{t.lobbySeeking}</h2>
      <p class="what">
        {clockLabel(t, spec.clock)} · {spec.rated ? t.lobbyRated : t.lobbyCasual} · {range}
      </p>
      <p class="waited" role="timer" data-testid="lobby-waited">
        {t.lobbyWaited(waited(l.elapsed()))}
      </p>
      <div class="actions">
        <button type="button" class="btn" data-testid="lobby-cancel" onClick={() => l.cancel()}>
          {t.lobbyCancel}
        </button>
        <button type="button" class="btn primary" onClick={() => app.newGame('computer')}>
          {icons.robot()}
          <span>{t.lobbyPlayComputer}</span>
        </button>
      </div>
      <p class="note">{t.lobbyWaitNote}</p>
    </section>
  );
}

function seekRow(l: LobbyCtrl, s: LobbySeek): JSX.Element {
  const t = l.t;
  const fits = l.fits(s);
  const key = keyOf(s.clock);
  const clock = key ? clockLabel(t, key) : '';
  const kind = s.rated ? t.lobbyRated : t.lobbyCasual;
  const rating = ratingText(s);
  return (
    <li key={s.id}>
      <button
        type="button"
        class="seek-row"
        data-testid="lobby-seek-row"
        data-player={s.player}
        disabled={!fits || !l.canSeek()}
        aria-label={t.lobbyAcceptLabel(s.name, rating, clock, kind) + (fits ? '' : ` (${t.lobbyOutside})`)}
        onClick={() => l.accept(s)}
      >
        <span class="who">
          <strong>{s.name}</strong>
          <small>{rating}</small>
        </span>
        <span class="tc">{clock}</span>
        <span class={`kind${s.rated ? ' rated' : ''}`}>{kind}</span>
        {fits ? null : <small class="outside">{t.lobbyOutside}</small>}
      </button>
    </li>
  );
}

function seeksList(l: LobbyCtrl): JSX.Element {
  const t = l.t;
  const seeks = l.otherSeeks();
  return (
    <section class="group lobby-list" aria-labelledby="lobby-seeks-title">
      <h2 id="lobby-seeks-title">{t.lobbySeeksTitle}</h2>
      {l.list ? (
        <p class="counts" data-testid="lobby-counts">
          {t.lobbyCounts(l.list.online, l.list.playing)}
        </p>
      ) : null}
      {seeks.length === 0 ? (
        <p class="note" data-testid="lobby-no-seeks">
          {t.lobbyNoSeeks}
        </p>
      ) : (
        <>
          <p class="note">{t.lobbySeeksNote}</p>
          <ul class="seek-list" data-testid="lobby-seeks">
            {seeks.map((s) => seekRow(l, s))}
          </ul>
        </>
      )}
    </section>
  );
}

/** What the lobby's view uses of the app around it: a game against the computer while waiting. */
export interface LobbyShell {
  newGame(mode: 'computer'): void;
}

export function lobbyView(app: LobbyShell, l: LobbyCtrl): JSX.Element {
  const t = l.t;
  return (
    <div class="page lobby" data-testid="lobby" data-connection={l.connection}>
      {foundCard(l)}
      {problem(l)}
      {l.identityReset ? <p class="note">{t.lobbyIdentityReset}</p> : null}
      {statusLine(l)}
      <div class="lobby-main">
        <section class="group lobby-seek" aria-labelledby="lobby-seek-title">
          <div class="lobby-head">
            <h2 id="lobby-seek-title">{t.lobbySeekTitle}</h2>
            {l.me ? (
              <a class="lobby-me" href="#/profile" data-testid="lobby-me">
                {icons.person()}
                <span>{l.me.name}</span>
              </a>
            ) : null}
          </div>
          {pausedNotice(l)}
          {l.wanted ? seekingCard(app, l) : seekForm(l)}
        </section>
        {seeksList(l)}
      </div>
    </div>
  );
}
