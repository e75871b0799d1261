// The notifications section of the settings: why and what, then a switch per kind; or, where they
// cannot be had, why not (and on an iPhone what to do), or the player they need.
import type { JSX } from 'preact';
import { errorText } from '../lib/player/errors.ts';
import type { NotifyCtrl, NotifyError } from './ctrl.ts';
import { PUSH_KINDS, type PushKind } from './notice.ts';
import type { Catalog } from '../lib/i18n/index.ts';
import { icons } from '../lib/icons.tsx';

const label = (t: Catalog, k: PushKind): string => t[`notify_${k}`];
const detail = (t: Catalog, k: PushKind): string => t[`notifyNote_${k}`];

function problem(t: Catalog, e: NotifyError): string {
  if (e === 'denied') return t.notifyDenied;
  if (e === 'subscribe') return t.notifySubscribeFailed;
  return errorText(t, e);
}

function switches(n: NotifyCtrl): JSX.Element {
  const t = n.t;
  const denied = n.denied();
  return (
    <>
      {denied ? (
        <p class="notify-denied" role="note" data-testid="notify-denied">
          {t.notifyDenied}
        </p>
      ) : null}
      <div class="switches" role="group" aria-label={t.notifyTitle} aria-busy={n.busy !== undefined}>
        {PUSH_KINDS.map((k) => {
          const on = n.kinds.includes(k);
          return (
            <label class="toggle" for={`notify-${k}`} key={k}>
              <span>
                {label(t, k)}
                <small id={`notify-${k}-note`}>{detail(t, k)}</small>
              </span>
              <input
                id={`notify-${k}`}
                type="checkbox"
                role="switch"
                data-testid={`notify-${k}`}
                checked={on}
                disabled={n.busy !== undefined || denied}
                aria-describedby={`notify-${k}-note`}
                onChange={(e) => {
                  const want = (e.currentTarget as HTMLInputElement).checked;
                  // the switch shows what the server has; it moves once the change is made
                  (e.currentTarget as HTMLInputElement).checked = on;
                  void n.set(k, want);
                }}
              />
              <span class={`switch${n.busy === k ? ' busy' : ''}`} aria-hidden="true" />
            </label>
          );
        })}
      </div>
    </>
  );
}

function body(n: NotifyCtrl): JSX.Element | null {
  const t = n.t;
  switch (n.phase) {
    case 'loading':
      return <p class="note">…</p>;
    case 'unsupported':
      return (
        <p class="notify-why" data-testid="notify-unsupported">
          {t.notifyUnsupported}
        </p>
      );
    case 'ios-install':
      return (
        <p class="notify-why" data-testid="notify-ios">
          {t.notifyIosInstall}
        </p>
      );
    case 'no-player':
      return (
        <div class="notify-player" data-testid="notify-no-player">
          <p>{t.notifyNeedsPlayer}</p>
          <div class="actions start">
            <button
              type="button"
              class="btn primary"
              data-testid="notify-make-player"
              disabled={n.making}
              onClick={() => void n.makePlayer()}
            >
              {n.making ? t.playerLoading : t.notifyMakePlayer}
            </button>
            <a class="btn" href="#/profile">
              {t.playerHaveCode}
            </a>
          </div>
        </div>
      );
    case 'ready':
      return switches(n);
  }
}

export function notifyView(n: NotifyCtrl): JSX.Element {
  const t = n.t;
  return (
    <section class="group notify" aria-labelledby="notify-title" data-testid="notify" data-phase={n.phase}>
      <h2 id="notify-title">
        {icons.bell()}
        <span>{t.notifyTitle}</span>
      </h2>
      <p class="note">{t.notifyIntro}</p>
      {body(n)}
      {n.error ? (
        <p class="notice-line" role="alert" data-testid="notify-error">
          {problem(t, n.error)}
        </p>
      ) : null}
    </section>
  );
}
