// The leaderboard screen: a speed to choose, the best players of it with their rating and games, the
// player's own row marked, and what it takes to be listed.
import type { JSX } from 'preact';
import type { Catalog } from '../lib/i18n/index.ts';
import { radios } from '../lib/widgets.tsx';
import { SPEEDS } from '../lib/online/clocks.ts';
import { errorText } from '../lib/player/errors.ts';
import type { LeadersCtrl } from './ctrl.ts';

function board(c: LeadersCtrl, t: Catalog): JSX.Element {
  const rows = c.board();
  if (!rows) {
    if (c.failed)
      return (
        <div class="leaders-problem" role="alert">
          <p>{errorText(t, c.failed)}</p>
          <button type="button" class="btn small" onClick={() => void c.load()}>
            {t.playerRetry}
          </button>
        </div>
      );
    return (
      <p class="note" role="status">
        {t.leadersLoading}
      </p>
    );
  }
  if (rows.length === 0)
    return (
      <p class="leaders-empty" data-testid="leaders-empty">
        {t.leadersEmpty}
      </p>
    );
  const me = c.me();
  return (
    <ol class="leaders-list" data-testid="leaders" aria-label={t.leadersListLabel(t[`speed_${c.speed}`])}>
      {rows.map((l, i) => {
        const mine = l.id === me;
        return (
          <li
            key={l.id}
            class={mine ? 'me' : undefined}
            data-testid="leader"
            data-me={mine ? 'yes' : undefined}
            aria-current={mine ? 'true' : undefined}
          >
            <span class="place">{i + 1}</span>
            <span class="who">
              <strong>{l.name}</strong>
              {mine ? <small class="you">{t.leadersYou}</small> : null}
            </span>
            <span class="rating">
              <strong>{l.rating}</strong>
              <small>{t.profileGameCount(l.games)}</small>
            </span>
          </li>
        );
      })}
    </ol>
  );
}

export function leadersView(c: LeadersCtrl, t: Catalog): JSX.Element {
  const place = c.myPlace();
  return (
    <div class="page leaders" data-testid="leaderboard" data-speed={c.speed}>
      {radios(
        'leaders-speed',
        t.profileSpeed,
        SPEEDS.map((s) => ({ value: s, label: t[`speed_${s}`] })),
        c.speed,
        (s) => c.choose(s),
      )}
      {place !== undefined ? (
        <p class="leaders-mine" data-testid="leaders-mine">
          {t.leadersYourPlace(place)}
        </p>
      ) : null}
      <section class="group" aria-live="polite" aria-busy={c.loading === c.speed}>
        {board(c, t)}
      </section>
      <p class="note">{t.leadersRule}</p>
    </div>
  );
}
