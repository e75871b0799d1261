// The profile screen: the player's name (and a new one from the lists), their record against people
// (stats-view.tsx), the transfer code that moves the player to another device (with its QR code and
// the time it has left), and a code from another device that brings a player here.
import type { JSX } from 'preact';
import { copyButton } from '../lib/play-view.tsx';
import type { Lang } from '../lib/i18n/index.ts';
import { dialog } from '../lib/widgets.tsx';
import { errorText } from '../lib/player/errors.ts';
import { blocksSection, gamesSection, historySection, ratingsSection } from './stats-view.tsx';
import { spelled, type NameEditor, type ProfileCtrl } from './ctrl.ts';
import { QrCode } from './qr.tsx';
import { TRANSFER_TTL } from '../lib/player/read.ts';

/** '9:05': minutes and seconds, rounded up (a countdown that says 0:00 has run out). */
export const minutesLeft = (ms: number): string => {
  const s = Math.ceil(ms / 1000);
  return `${Math.floor(s / 60)}:${String(s % 60).padStart(2, '0')}`;
};

const dayOf = (ms: number, lang: Lang): string =>
  new Intl.DateTimeFormat(lang === 'tr' ? 'tr-TR' : 'en-GB', {
    day: 'numeric',
    month: 'long',
    year: 'numeric',
  }).format(new Date(ms));

/** The initials on the badge: 'Hızlı Kartal' → 'HK'. */
const initials = (p: { words: { adjective: string; noun: string } }, lang: Lang): string =>
  (p.words.adjective.slice(0, 1) + p.words.noun.slice(0, 1)).toLocaleUpperCase(lang);

function problem(text: string, id?: string): JSX.Element {
  return (
    <p class="player-problem" role="alert" id={id}>
      {text}
    </p>
  );
}

function playerCard(p: ProfileCtrl): JSX.Element | null {
  const t = p.t;
  const pl = p.player;
  if (!pl) return null;
  return (
    <section class="group player-card" aria-labelledby="player-name-label">
      <span class="player-badge" aria-hidden="true">
        {initials(pl, p.lang)}
      </span>
      <div class="player-id">
        <h2 id="player-name-label">{t.playerNameLabel}</h2>
        <p class="player-name" id="player-name" tabIndex={-1} data-testid="player-name">
          {pl.name}
        </p>
        <p class="note">{t.playerJoined(dayOf(pl.created, p.lang))}</p>
      </div>
      <button
        type="button"
        class="btn"
        id="change-name"
        data-testid="change-name"
        onClick={() => void p.openNaming()}
      >
        {t.playerChangeName}
      </button>
      {p.told ? (
        <p class="player-told" data-testid="player-told">
          {p.told}
        </p>
      ) : null}
      {p.stale && p.error ? (
        <div class="player-stale" role="status">
          <p>
            {errorText(t, p.error)} {t.playerStale}
          </p>
          <button type="button" class="btn small" disabled={p.busy} onClick={() => void p.refresh()}>
            {t.playerRetry}
          </button>
        </div>
      ) : null}
    </section>
  );
}

/** The parts of the profile between the name and the transfer: the player's record against people. */
export const PROFILE_SECTIONS: readonly ((p: ProfileCtrl) => JSX.Element | null)[] = [
  ratingsSection,
  historySection,
  gamesSection,
  blocksSection,
];

function codeShown(p: ProfileCtrl): JSX.Element {
  const t = p.t;
  const shown = p.transfer!;
  const left = p.codeLeft();
  const link = p.claimLink()!;
  if (left <= 0)
    return (
      <div class="transfer-expired" data-testid="transfer-expired">
        {/* announced by the controller when it happens */}
        <p>{t.playerCodeExpired}</p>
        <div class="actions start">
          <button type="button" class="btn primary" disabled={p.makingCode} onClick={() => void p.makeCode()}>
            {p.makingCode ? t.playerMakingCode : t.playerNewCode}
          </button>
        </div>
      </div>
    );
  return (
    <div class="transfer-shown" data-testid="transfer">
      <div class="transfer-code">
        <span class="transfer-label" id="transfer-code-label">
          {t.playerCodeLabel}
        </span>
        <output
          class="code"
          id="transfer-code"
          tabIndex={-1}
          aria-labelledby="transfer-code-label"
          aria-describedby="transfer-left"
          data-testid="transfer-code"
        >
          <span aria-hidden="true">{shown.code}</span>
          <span class="sr-only">{spelled(shown.code)}</span>
        </output>
        <p class="transfer-left" id="transfer-left" role="timer" data-testid="transfer-left">
          {t.playerCodeLeft(minutesLeft(left))}
        </p>
        <div class="transfer-bar" aria-hidden="true">
          <i style={{ width: `${Math.min(100, (left / TRANSFER_TTL) * 100).toFixed(1)}%` }} />
        </div>
        <div class="actions">
          {copyButton(t, shown.code)}
          <button type="button" class="btn" disabled={p.makingCode} onClick={() => void p.makeCode()}>
            {t.playerNewCode}
          </button>
        </div>
      </div>
      <QrCode text={link} label={t.playerCodeQr} />
      <p class="note transfer-how">{t.playerCodeHow}</p>
    </div>
  );
}

function transferSection(p: ProfileCtrl): JSX.Element {
  const t = p.t;
  return (
    <section class="group player-transfer" aria-labelledby="transfer-title">
      <h2 id="transfer-title">{t.playerMoveTitle}</h2>
      {p.transfer ? (
        codeShown(p)
      ) : (
        <>
          <p class="note">{t.playerMoveNote}</p>
          <div class="actions start">
            <button
              type="button"
              class="btn primary"
              data-testid="make-code"
              disabled={p.makingCode}
              onClick={() => void p.makeCode()}
            >
              {p.makingCode ? t.playerMakingCode : t.playerMakeCode}
            </button>
          </div>
        </>
      )}
      {p.codeError ? problem(errorText(t, p.codeError)) : null}
    </section>
  );
}

function claimSection(p: ProfileCtrl): JSX.Element {
  const t = p.t;
  const err = p.claimError;
  return (
    <section class="group player-claim" aria-labelledby="claim-title">
      <h2 id="claim-title">{t.playerHaveCode}</h2>
      <p class="note">{p.codeText && !p.player ? t.playerFromLink : t.playerHaveCodeNote}</p>
      <form
        class="claim-form"
        onSubmit={(e) => {
          e.preventDefault();
          p.submitCode();
        }}
      >
        <label for="claim-code" class="claim-label">
          {t.playerCodeLabel}
        </label>
        <p class="note claim-hint" id="claim-hint">
          {t.playerCodeHint}
        </p>
        <div class="claim-row">
          <input
            id="claim-code"
            data-testid="claim-code"
            value={p.codeText}
            autocomplete="off"
            autocapitalize="characters"
            spellcheck={false}
            maxLength={20}
            placeholder="K7PX-3MQ2"
            aria-describedby={err ? 'claim-error claim-hint' : 'claim-hint'}
            aria-invalid={err === 'typed' || err === 'bad-code' || err === 'unknown-code'}
            onInput={(e) => p.setCodeText(e.currentTarget.value)}
          />
          <button
            type="submit"
            // the main step once a code is there (on the old device, making a code is)
            class={p.codeText.trim() ? 'btn primary' : 'btn'}
            id="claim-submit"
            data-testid="claim"
            disabled={p.claiming}
          >
            {p.claiming ? t.playerClaiming : t.playerClaim}
          </button>
        </div>
        {err ? problem(errorText(t, err), 'claim-error') : null}
      </form>
    </section>
  );
}

function nameDialog(p: ProfileCtrl, n: NameEditor): JSX.Element {
  const t = p.t;
  const lists = n.lists;
  const select = (which: 'adjective' | 'noun', label: string, words: string[]) => (
    <div class="word-pick">
      <label for={`name-${which}`}>{label}</label>
      <select
        id={`name-${which}`}
        data-testid={`name-${which}`}
        value={n[which]}
        disabled={n.saving}
        onChange={(e) => p.setWord(which, e.currentTarget.value)}
      >
        {words.map((w) => (
          <option value={w} key={w}>
            {w}
          </option>
        ))}
      </select>
    </div>
  );
  const body = lists ? (
    <form
      onSubmit={(e) => {
        e.preventDefault();
        void p.saveName();
      }}
    >
      <p class="note">{t.playerNameNote}</p>
      <div class="word-picks">
        {select('adjective', t.playerFirstWord, lists.adjectives)}
        {select('noun', t.playerSecondWord, lists.nouns)}
      </div>
      <p class="name-preview" aria-live="polite">
        {t.playerNamePreview(p.previewName() ?? '')}
      </p>
      {n.error ? problem(errorText(t, n.error)) : null}
      <div class="actions">
        <button type="button" class="btn" onClick={() => p.closeNaming()}>
          {t.cancel}
        </button>
        <button type="submit" class="btn primary" data-testid="save-name" disabled={n.saving}>
          {n.saving ? t.playerSavingName : t.playerSaveName}
        </button>
      </div>
    </form>
  ) : (
    <>
      {n.loading ? <p role="status">{t.playerNamesLoading}</p> : null}
      {n.error ? problem(errorText(t, n.error)) : null}
      <div class="actions">
        <button type="button" class="btn" onClick={() => p.closeNaming()}>
          {t.cancel}
        </button>
        {n.error ? (
          <button type="button" class="btn primary" onClick={() => void p.loadLists()}>
            {t.playerRetry}
          </button>
        ) : null}
      </div>
    </>
  );
  return dialog('name-dialog', t.playerNameTitle, body, () => p.closeNaming());
}

function confirmDialog(p: ProfileCtrl): JSX.Element {
  const t = p.t;
  const current = p.player?.name ?? '';
  return dialog(
    'replace-player',
    t.playerReplaceTitle,
    <>
      <p>{t.playerReplaceBody(current)}</p>
      <div class="actions">
        <button type="button" class="btn" onClick={() => p.closeConfirm()}>
          {t.cancel}
        </button>
        <button type="button" class="btn primary" data-testid="confirm-claim" onClick={() => void p.claim()}>
          {t.playerReplaceYes}
        </button>
      </div>
    </>,
    () => p.closeConfirm(),
  );
}

/** No player to show: why, and the two ways on (a new one, or one brought with a code). */
function noPlayer(p: ProfileCtrl, main: boolean): JSX.Element {
  const t = p.t;
  const why =
    p.missing === 'corrupt'
      ? t.playerCorrupt
      : p.missing === 'unknown'
        ? t.playerUnknown(p.unknownName ?? '')
        : main
          ? t.playerNone
          : t.playerOrCreate;
  return (
    <section class="group player-none" data-testid="player-none">
      <p class={p.missing ? 'player-missing' : ''} role={p.missing ? 'alert' : undefined}>
        {why}
      </p>
      {p.error ? problem(errorText(t, p.error)) : null}
      <div class="actions start">
        <button
          type="button"
          class={main ? 'btn primary' : 'btn'}
          data-testid="create-player"
          disabled={p.busy}
          onClick={() => void p.create()}
        >
          {p.busy ? t.playerLoading : t.playerCreate}
        </button>
      </div>
    </section>
  );
}

export function profileView(p: ProfileCtrl): JSX.Element {
  const t = p.t;
  const unsaved =
    p.phase !== 'loading' && p.player && p.unsaved ? (
      <p class="player-problem" role="status">
        {t.playerUnsaved}
      </p>
    ) : null;
  switch (p.phase) {
    case 'loading':
      return (
        <div class="page profile" data-testid="profile" data-phase="loading">
          <p class="player-loading" role="status">
            {t.playerLoading}
          </p>
        </div>
      );
    case 'failed':
      return (
        <div class="page profile" data-testid="profile" data-phase="failed">
          <p class="lead">{t.playerIntro}</p>
          <section class="group">
            {problem(errorText(t, p.error ?? 'server'))}
            <div class="actions start">
              <button type="button" class="btn primary" disabled={p.busy} onClick={() => void p.create()}>
                {t.playerRetry}
              </button>
            </div>
          </section>
        </div>
      );
    case 'none': {
      // a code that came with the link: bringing that player is the step offered first
      const fromLink = p.codeText !== '' && !p.missing;
      return (
        <div class="page profile" data-testid="profile" data-phase="none">
          {fromLink ? claimSection(p) : noPlayer(p, true)}
          {fromLink ? noPlayer(p, false) : claimSection(p)}
        </div>
      );
    }
    case 'ready':
      return (
        <div class="page profile" data-testid="profile" data-phase="ready">
          <p class="lead">{t.playerIntro}</p>
          {unsaved}
          {playerCard(p)}
          {PROFILE_SECTIONS.map((section) => section(p))}
          <div class="player-devices">
            {transferSection(p)}
            {claimSection(p)}
          </div>
          {p.naming ? nameDialog(p, p.naming) : null}
          {p.confirming ? confirmDialog(p) : null}
        </div>
      );
  }
}
