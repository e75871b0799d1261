// The screens of a game with a friend: the choices, the link to share (with its QR code), and the
// game: the same board, strips, move list and end panel as the local game, with presence and offers.
import type { JSX } from 'preact';
import type { Color } from '@dama/core';
import { renderSVG } from 'uqr';
import { gameLinkHash } from '../lib/analysis-link.ts';
import { formatClock, formatDays } from '../lib/clock.ts';
import { resultTitle } from '../lib/result.ts';
import { BoardMount } from '../lib/board-mount.tsx';
import { capitalize, type Catalog, type Lang } from '../lib/i18n/index.ts';
import { icons } from '../lib/icons.tsx';
import { moveSection } from '../lib/move-list.tsx';
import { exportDialog } from '../lib/pdn-export.tsx';
import {
  confirmDialog,
  controlButton,
  copyButton,
  endFrame,
  endTone,
  moveBox,
  pastStatus,
  playerStrip,
} from '../lib/play-view.tsx';
import { radios } from '../lib/widgets.tsx';
import { reasonText } from '../lib/record-text.ts';
import type { GameRecord } from '../lib/record.ts';
import type { NoticeKind, OnlineCtrl } from './ctrl.ts';
import { CLOCK_CHOICES, ONLINE_COLORS, REACTIONS, type Reaction } from './protocol.ts';

const reactionKey = (r: Reaction) => `react_${r.replace(/-/g, '_')}` as keyof Catalog;

/** The time control: a live clock, or a correspondence game's days a move (one choice, two rows). */
function clockChoice(o: OnlineCtrl): JSX.Element {
  const t = o.t;
  const rows = [
    { name: t.onlineLiveClocks, choices: CLOCK_CHOICES.filter((c) => c.days === 0) },
    { name: t.speed_correspondence, choices: CLOCK_CHOICES.filter((c) => c.days > 0) },
  ];
  const chosen = CLOCK_CHOICES.find((c) => c.value === o.draft.clock);
  return (
    <fieldset class="choices online-clocks">
      <legend>{t.timeControl}</legend>
      {rows.map((row) => (
        <div class="clock-row" key={row.name}>
          <span class="row-name">{row.name}</span>
          <div class="segmented">
            {row.choices.map((c) => (
              <label class={c.value === o.draft.clock ? 'on' : ''} key={c.value}>
                <input
                  type="radio"
                  name="online-clock"
                  value={c.value}
                  checked={c.value === o.draft.clock}
                  onChange={() => o.setDraft({ clock: c.value })}
                />
                <span>{c.days > 0 ? t.corrDays(c.days) : c.value === 'off' ? t.time_off : c.value}</span>
              </label>
            ))}
          </div>
        </div>
      ))}
      {chosen && chosen.days > 0 ? <p class="note">{t.onlineCorrNote(chosen.days)}</p> : null}
    </fieldset>
  );
}

function setupView(o: OnlineCtrl): JSX.Element {
  const t = o.t;
  return (
    <form
      class="page online-setup sheet-form"
      onSubmit={(e) => {
        e.preventDefault();
        void o.create();
      }}
    >
      <p class="lead">{t.onlineNote}</p>
      {radios(
        'online-color',
        t.onlineColor,
        ONLINE_COLORS.map((c) => ({ value: c, label: t[`color_${c}`] })),
        o.draft.color,
        (color) => o.setDraft({ color }),
      )}
      {clockChoice(o)}
      {o.problem ? (
        <p class="notice-line" role="alert">
          {t[o.problem] as string}
        </p>
      ) : null}
      <div class="actions">
        <a class="btn" href="#/">
          {t.cancel}
        </a>
        <button type="submit" class="btn primary" disabled={o.creating} data-testid="online-create">
          {o.creating ? t.onlineCreating : t.onlineCreate}
        </button>
      </div>
    </form>
  );
}

/** A field that shows less than half of the link shows its end (the game's code), not "http:/". */
const showEnd = (input: HTMLInputElement | null): void => {
  if (input !== null && input.clientWidth * 2 < input.scrollWidth) input.scrollLeft = input.scrollWidth;
};

function invite(o: OnlineCtrl): JSX.Element {
  const t = o.t;
  const link = o.shareLink();
  const share = typeof navigator !== 'undefined' && 'share' in navigator;
  return (
    <section class="invite" data-testid="invite">
      <p>{t.onlineInvite}</p>
      <label class="link-row">
        <span class="sr-only">{t.onlineLink}</span>
        <input
          readOnly
          value={link}
          data-testid="share-link"
          ref={showEnd}
          onBlur={(e) => showEnd(e.currentTarget)}
          onFocus={(e) => e.currentTarget.select()}
        />
      </label>
      <div class="actions">
        {copyButton(t, link)}
        {share ? (
          <button
            type="button"
            class="btn primary"
            onClick={() =>
              void navigator
                .share({ title: t.appName, text: t.onlineShareText, url: link })
                .catch(() => undefined)
            }
          >
            {icons.share()}
            <span>{t.onlineShare}</span>
          </button>
        ) : null}
      </div>
      <div
        class="qr"
        role="img"
        aria-label={t.onlineQr}
        // uqr draws the code as a self-contained SVG string (no script, no external reference).
        dangerouslySetInnerHTML={{ __html: renderSVG(link, { border: 2, pixelSize: 6 }) }}
      />
      <p class="status">
        <span>{t.onlineWaiting}</span>
        {/* beside the waiting line, apart from the link's buttons: a second thought, not the next step */}
        {o.canCancel() ? (
          <button type="button" class="cancel" data-testid="cancel-game" onClick={() => o.askCancel()}>
            {t.onlineCancel}
          </button>
        ) : null}
      </p>
    </section>
  );
}

/** A player's rating in a paired game: at the start ('1500?'), and after a rated game its change. */
function ratingBadge(o: OnlineCtrl, color: Color): JSX.Element | null {
  const p = o.players?.[color];
  if (!p) return null;
  const after = o.snap?.status === 'over' && o.snap.rated ? p.after : null;
  const diff = after !== null ? after - p.rating : 0;
  return (
    <span class="rating" data-testid={`rating-${color}`}>
      {after !== null ? after : `${p.rating}${p.provisional ? '?' : ''}`}
      {after !== null && diff !== 0 ? (
        <b class={diff > 0 ? 'up' : 'down'}>{diff > 0 ? `+${diff}` : `−${-diff}`}</b>
      ) : null}
    </span>
  );
}

/** A player's strip: name (and rating), presence and clock; the watch screen shows them too. */
export function strip(o: OnlineCtrl, color: Color, where: 'top' | 'bottom'): JSX.Element {
  const t = o.t;
  const side = color === 'white' ? t.white : t.black;
  const paired = o.players?.[color];
  const name = paired
    ? paired.name
    : o.you === null
      ? side
      : o.you === color
        ? `${t.you} · ${side}`
        : `${t.onlineFriend} · ${side}`;
  const active = o.status === 'playing' && o.turn === color;
  const left = o.clockLeft(color);
  const presence = o.presence(color);
  // a correspondence move's days and hours left, never a ticking seconds clock
  const corr = o.correspondence;
  const low = left !== undefined && active && left < (corr ? CORR_LOW : 20_000);
  return playerStrip(
    color,
    where,
    active,
    name,
    left !== undefined
      ? { text: corr ? formatDays(t, left) : formatClock(left), running: active, low }
      : undefined,
    <>
      {ratingBadge(o, color)}
      {/* our own, while our connection is away, would be the server's stale word: the banner says it;
          beside a paired player's name and rating, only what is not the usual "online"; in a
          correspondence game a player away is the usual too */}
      {(o.you === color && o.connection !== 'open') ||
      (paired && presence === 'online') ||
      presence === 'offline' ? null : (
        <span class={`presence ${presence}`} data-testid={`presence-${color}`}>
          {t[`onlinePresence_${presence}`]}
        </span>
      )}
    </>,
  );
}

/** A correspondence move with less than this left shows its time in the warning colour. */
const CORR_LOW = 6 * 3600_000;

/** What a notice says (the draw declined tells how many offers are left). */
function noticeText(o: OnlineCtrl, kind: NoticeKind): string {
  const t = o.t;
  switch (kind) {
    case 'move-lost':
      return t.onlineMoveLost;
    case 'time-given':
      return t.onlineTimeGiven(o.correspondence, o.players === null);
    case 'time-received':
      return t.onlineTimeReceived(o.correspondence, o.players === null);
    case 'draw-declined':
      return t.onlineDrawDeclined(o.drawOffersLeft());
    case 'takeback-declined':
      return t.onlineTakebackDeclined;
    case 'taken-back-mine':
      return t.onlineTakenBackMine;
    case 'taken-back-theirs':
      return t.onlineTakenBackTheirs;
    case 'taken-back':
      return t.onlineTakenBack;
  }
}

function statusLine(o: OnlineCtrl): JSX.Element | null {
  const t = o.t;
  if (o.connection !== 'open')
    return (
      <p class="status warn" role="status" data-testid="connection">
        {o.connection === 'connecting'
          ? t.onlineConnecting
          : o.connection === 'reconnecting'
            ? t.onlineReconnecting
            : t.onlineUnreachable}
      </p>
    );
  if (o.problem)
    return (
      <p class="status warn" role="alert" data-testid="status">
        {t[o.problem] as string}
      </p>
    );
  if (o.awaitingSeat)
    return (
      <p class="status" role="status" data-testid="status">
        {t.onlineRematchWaiting}
      </p>
    );
  if (o.status !== 'playing') return null;
  if (o.viewPly !== undefined) return pastStatus(t, o.viewPly, () => o.jump(o.game.plies));
  const notice = o.shownNotice();
  if (notice)
    return (
      <p class={`status told${notice === 'move-lost' ? ' warn' : ''}`} role="status" data-testid="status">
        {noticeText(o, notice)}
      </p>
    );
  const capture = o.game.position.legalMoves().some((m) => m.captures.length > 0);
  const text =
    o.you === null
      ? capture
        ? t.mustCaptureSide(o.turn)
        : t.toMove(o.turn)
      : o.you === o.turn
        ? capture
          ? t.mustCapture
          : t.onlineYourMove
        : o.players
          ? t.onlineOpponentsMove
          : t.onlineTheirMove;
  return (
    <p class={`status${capture && o.you === o.turn ? ' capture' : ''}`} data-testid="status">
      {text}
    </p>
  );
}

/** '0:25': whole seconds, rounded up (a countdown that says 0:00 has run out). */
const seconds = (ms: number): string => {
  const s = Math.ceil(ms / 1000);
  return `${Math.floor(s / 60)}:${String(s % 60).padStart(2, '0')}`;
};

/** Until both sides have moved: the time left to move before the game is aborted. */
function abortCountdown(o: OnlineCtrl): JSX.Element | null {
  const left = o.abortLeft();
  if (left === undefined || o.you === null || o.connection !== 'open') return null;
  const mine = o.you === o.turn;
  // a correspondence game's first moves have their days
  const time = o.correspondence ? formatDays(o.t, left) : seconds(left);
  return (
    <p class={`deadline${mine ? ' mine' : ''}`} role="timer" data-testid="abort-countdown">
      {mine
        ? o.t.onlineAbortIn(time)
        : o.players
          ? o.t.onlineAbortOpponentIn(time)
          : o.t.onlineAbortFriendIn(time)}
    </p>
  );
}

/** Over the board while the connection is away: plain to see, whatever the player is looking at. */
function connectionBanner(o: OnlineCtrl): JSX.Element | null {
  if (o.connection !== 'reconnecting' && o.connection !== 'unreachable') return null;
  const t = o.t;
  // the status line says it to screen readers
  return (
    <div class="conn-banner" aria-hidden="true" data-testid="reconnecting">
      <span class="spinner" />
      <span>
        <strong>{t.onlineReconnectingShort}</strong>
        {o.pendingMove ? <small>{t.onlinePendingMove}</small> : null}
      </span>
    </div>
  );
}

function offers(o: OnlineCtrl): JSX.Element | null {
  const t = o.t;
  const s = o.snap;
  if (!s || o.you === null) return null;
  const paired = o.players !== null;
  const rows: JSX.Element[] = [];
  if (s.status === 'playing' && s.drawOffer && s.drawOffer !== o.you)
    rows.push(
      <div class="offer" data-testid="draw-offer" key="draw">
        <span>{paired ? t.onlineDrawFromOpponent : t.onlineDrawFromFriend}</span>
        <button type="button" class="btn small" onClick={() => o.answerDraw(false)}>
          {t.onlineDecline}
        </button>
        <button type="button" class="btn small primary" onClick={() => o.answerDraw(true)}>
          {t.onlineAccept}
        </button>
      </div>,
    );
  else if (s.status === 'playing' && s.drawOffer === o.you)
    rows.push(
      <p class="offer" key="mine">
        {t.onlineDrawOffered}
      </p>,
    );
  if (s.status === 'playing' && s.takebackOffer && s.takebackOffer !== o.you)
    rows.push(
      <div class="offer" data-testid="takeback-offer" key="takeback">
        <span>{paired ? t.onlineTakebackFromOpponent : t.onlineTakebackFromFriend}</span>
        <button type="button" class="btn small" onClick={() => o.answerTakeback(false)}>
          {t.onlineDecline}
        </button>
        <button type="button" class="btn small primary" onClick={() => o.answerTakeback(true)}>
          {t.onlineAccept}
        </button>
      </div>,
    );
  else if (s.status === 'playing' && s.takebackOffer === o.you)
    rows.push(
      <p class="offer" key="takeback-mine" data-testid="takeback-mine">
        {t.onlineTakebackAsked}
      </p>,
    );
  if (o.canClaim())
    rows.push(
      <div class="offer" key="claim">
        <span>{paired ? t.onlineClaimNoteOpponent : t.onlineClaimNote}</span>
        <button type="button" class="btn small primary" data-testid="claim" onClick={() => o.claim()}>
          {t.onlineClaim}
        </button>
      </div>,
    );
  return rows.length ? <div class="offers">{rows}</div> : null;
}

function controls(o: OnlineCtrl): JSX.Element | null {
  const t = o.t;
  if (o.you === null || o.status !== 'playing') return null;
  const open = o.connection === 'open';
  const noOffers = o.drawOffersLeft() === 0;
  return (
    <div class="controls">
      {controlButton(
        noOffers ? t.onlineNoDrawOffers : t.offerDraw,
        t.drawShort,
        icons.draw,
        () => o.askDraw(),
        !o.canOfferDraw(),
        'draw',
      )}
      {controlButton(
        t.onlineTakeback,
        t.undo,
        icons.undo,
        () => o.askTakeback(),
        !o.canAskTakeback(),
        'takeback',
      )}
      {o.snap?.clocks
        ? controlButton(
            o.correspondence ? t.onlineGiveDay : t.onlineGiveSeconds,
            o.correspondence ? t.onlineGiveDayShort : t.onlineGiveSecondsShort,
            icons.moreTime,
            () => o.giveTime(),
            !o.canGiveTime(),
            'give-time',
          )
        : null}
      {controlButton(t.resign, t.resign, icons.flag, () => o.askResign(), !open, 'resign')}
    </div>
  );
}

function reactions(o: OnlineCtrl): JSX.Element | null {
  const t = o.t;
  if (o.you === null || (o.status !== 'playing' && o.status !== 'over')) return null;
  return (
    <div class="reactions" role="group" aria-label={t.onlineReact}>
      {REACTIONS.map((r) => (
        <button type="button" class="chip" key={r} onClick={() => o.react(r)} data-testid={`react-${r}`}>
          {t[reactionKey(r)] as string}
        </button>
      ))}
    </div>
  );
}

function bubble(o: OnlineCtrl, now: number): JSX.Element | null {
  const r = o.reaction;
  if (!r || now - r.at > 4000) return null;
  const t = o.t;
  const who =
    o.you === r.color ? t.you : o.you === null ? (r.color === 'white' ? t.white : t.black) : t.onlineFriend;
  return (
    <p class="bubble" role="status" data-testid="reaction">
      <strong>{who}:</strong> {t[reactionKey(r.reaction)] as string}
    </p>
  );
}

/** The finished game on the analysis board: the kept record (with the player's side down), else its moves. */
/** What the online screen's view uses of the app around it: the words, My games, the PDN export. */
export interface OnlineShell {
  readonly trans: Catalog;
  readonly lang: Lang;
  readonly records: { readonly records: readonly GameRecord[] };
  readonly exporting: boolean;
  openExport(): void;
  closeExport(): void;
}

function analyseHref(app: OnlineShell, o: OnlineCtrl): string {
  const id = `online-${o.id}`;
  return app.records.records.some((r) => r.id === id)
    ? `#/analysis?record=${encodeURIComponent(id)}`
    : gameLinkHash(o.outcomeGame());
}

function endPanel(app: OnlineShell, o: OnlineCtrl): JSX.Element | null {
  const s = o.snap;
  if (s?.status === 'aborted') return abortedPanel(o);
  if (!s || s.status !== 'over' || !s.outcome) return null;
  const t = o.t;
  const oc = s.outcome;
  const human = o.you ?? undefined;
  const lost = human && oc.winner && oc.winner !== human;
  const opponent = o.opponent();
  return endFrame(
    endTone(oc.winner ?? undefined, human),
    lost
      ? opponent
        ? t.onlineOpponentWins(opponent.name)
        : t.onlineFriendWins
      : resultTitle(t, { winner: oc.winner, reason: 'resignation' }, human),
    capitalize(reasonText(t, oc.reason, Boolean(lost)), app.lang),
    <>
      {ratingChanges(o)}
      {o.you !== null && s.rematchOffer && s.rematchOffer !== o.you ? (
        <p class="offer">{opponent ? t.onlineRematchFromOpponent : t.onlineRematchFromFriend}</p>
      ) : null}
      {o.you !== null && s.rematchOffer === o.you ? <p class="offer">{t.onlineRematchAsked}</p> : null}
      <div class="actions">
        {s.rematch && !o.awaitingSeat ? (
          <button
            type="button"
            class="btn primary"
            data-testid="rematch-go"
            onClick={() => o.followRematch()}
          >
            {t.onlineRematchGo}
          </button>
        ) : o.you !== null ? (
          <button
            type="button"
            class="btn primary"
            data-testid="rematch"
            disabled={s.rematchOffer === o.you || o.awaitingSeat !== undefined}
            onClick={() => o.rematch()}
          >
            {t.rematch}
          </button>
        ) : null}
        <a class="btn" href={analyseHref(app, o)} data-testid="analyse-game">
          {t.analyse}
        </a>
        {opponent ? (
          <a class="btn" href="#/lobby" data-testid="new-opponent">
            {t.lobbyNewOpponent}
          </a>
        ) : (
          <a class="btn" href="#/">
            {t.newGame}
          </a>
        )}
        <button type="button" class="btn" onClick={() => app.openExport()}>
          {t.exportPdn}
        </button>
      </div>
      {blockRow(o)}
    </>,
  );
}

/** How a rated game moved both ratings: '1500 → 1662 (+162)'. */
function ratingChanges(o: OnlineCtrl): JSX.Element | null {
  const p = o.players;
  if (!p || !o.snap?.rated) return null;
  const t = o.t;
  const rows = (['white', 'black'] as const).flatMap((c) => {
    const after = p[c].after;
    if (after === null) return [];
    return [
      <li
        key={c}
        data-testid={`rating-change-${c}`}
        aria-label={t.onlineRatingLabel(p[c].name, p[c].rating, after)}
      >
        <span class={`dot ${c}`} aria-hidden="true" />
        <span class="who">{p[c].name}</span>
        <span class={`change ${after > p[c].rating ? 'up' : after < p[c].rating ? 'down' : ''}`}>
          {t.onlineRatingChange(p[c].rating, after)}
        </span>
      </li>,
    ];
  });
  return rows.length ? <ul class="rating-changes">{rows}</ul> : null;
}

/** After a paired game: never be paired with this opponent again (asked first). */
function blockRow(o: OnlineCtrl): JSX.Element | null {
  const opponent = o.opponent();
  if (!opponent || !o.canBlock()) return null;
  const t = o.t;
  if (o.blocking === 'done')
    return (
      <p class="blocked" role="status" data-testid="blocked">
        {t.onlineBlocked(opponent.name)}
      </p>
    );
  return (
    <div class="block-row">
      <button
        type="button"
        class="btn small"
        data-testid="block"
        disabled={o.blocking === 'sending'}
        onClick={() => o.askBlock()}
      >
        {t.onlineBlock}
      </button>
      {o.blocking === 'failed' ? (
        <p class="notice-line" role="alert">
          {t.onlineBlockFailed}
        </p>
      ) : null}
    </div>
  );
}

/**
 * A paired game's kind and clock, beside the game: 'Rated game · 5+0', 'Casual game · 3 days a
 * move'; a correspondence game by link: 'Correspondence · 3 days a move'.
 */
export function gameKind(o: OnlineCtrl): JSX.Element | null {
  const s = o.snap;
  if (!s?.players && s?.days == null) return null;
  const t = o.t;
  const clock = s.days
    ? t.corrPerMove(s.days)
    : s.clock
      ? `${s.clock.initial / 60_000}+${s.clock.increment / 1000}`
      : null;
  return (
    <p class={`game-kind${s.rated ? ' rated' : ''}`} data-testid="game-kind">
      {s.players ? (s.rated ? t.onlineRatedGame : t.onlineCasualGame) : t.speed_correspondence}
      {clock ? ` · ${clock}` : ''}
    </p>
  );
}

/** A game that ended without a result: cancelled by its creator, a first move not made, or left idle. */
function abortedPanel(o: OnlineCtrl): JSX.Element {
  const t = o.t;
  const s = o.snap!;
  const turn = o.turn;
  const note =
    !s.seats.white || !s.seats.black
      ? t.onlineCancelledNote
      : s.moves.length < 2
        ? t.onlineAbortedNoMove(o.you === turn ? 'you' : o.you === null || o.players ? turn : 'friend')
        : t.onlineExpiredNote;
  return endFrame(
    'draw',
    t.onlineAborted,
    note,
    <>
      <div class="actions">
        <a class="btn primary" href={o.players ? '#/lobby' : '#/online'}>
          {o.players ? t.lobbyNewOpponent : t.newGame}
        </a>
      </div>
      {blockRow(o)}
    </>,
  );
}

function dialogs(app: OnlineShell, o: OnlineCtrl): JSX.Element | null {
  const t = o.t;
  if (o.dialog === 'resign')
    return confirmDialog(
      'resign-dialog',
      t.resignConfirm,
      t,
      { label: t.resign, danger: true, testId: 'confirm-resign', run: () => o.confirmResign() },
      () => o.closeDialog(),
    );
  if (o.dialog === 'draw')
    return confirmDialog(
      'draw-dialog',
      t.onlineDrawConfirm(o.drawOffersLeft() === 1),
      t,
      { label: t.onlineDrawYes, testId: 'confirm-draw', run: () => o.confirmDraw() },
      () => o.closeDialog(),
    );
  if (o.dialog === 'cancel')
    return confirmDialog(
      'cancel-dialog',
      t.onlineCancelConfirm,
      t,
      { label: t.onlineCancelYes, danger: true, testId: 'confirm-cancel', run: () => o.confirmCancel() },
      () => o.closeDialog(),
    );
  if (o.dialog === 'block')
    return confirmDialog(
      'block-dialog',
      t.onlineBlockConfirm(o.opponent()?.name ?? ''),
      t,
      { label: t.onlineBlockYes, danger: true, testId: 'confirm-block', run: () => void o.confirmBlock() },
      () => o.closeDialog(),
    );
  if (app.exporting && o.snap)
    return exportDialog(app.trans, o.pdn(), `online-${o.snap.id}`, () => app.closeExport());
  return null;
}

function typeMove(o: OnlineCtrl): JSX.Element | null {
  if (o.you === null || o.status !== 'playing') return null;
  return moveBox(o.t, o.canPlay(), (text) => o.typeMove(text));
}

export function onlineView(app: OnlineShell, o: OnlineCtrl): JSX.Element {
  const t = o.t;
  if (!o.id) return setupView(o);
  if (o.problem === 'onlineUnknown')
    return (
      <div class="page">
        <p class="notice-line" role="alert">
          {t.onlineUnknown}
        </p>
        <a class="btn primary" href="#/online">
          {t.online}
        </a>
      </div>
    );
  const bottom = o.orientation();
  const top: Color = bottom === 'white' ? 'black' : 'white';
  const now = Date.now();
  return (
    <div
      class={`game online${o.correspondence ? ' corr' : ''}`}
      data-mode="online"
      data-testid="online-game"
      data-status={o.status ?? 'loading'}
      data-connection={o.connection}
    >
      <div class="board-col">
        {strip(o, top, 'top')}
        {/* one board per controller: a new game (the rematch) gets a fresh one, bound to it */}
        <BoardMount key={o.instance} bind={(b) => o.setBoard(b)} class="board-wrap" />
        {connectionBanner(o)}
        {strip(o, bottom, 'bottom')}
      </div>
      <div class="side-col">
        {o.you === null && o.snap ? <p class="status">{t.onlineWatching}</p> : null}
        {gameKind(o)}
        {statusLine(o)}
        {abortCountdown(o)}
        {bubble(o, now)}
        {o.status === 'waiting' && o.you !== null ? invite(o) : null}
        {offers(o)}
        {endPanel(app, o) ?? controls(o)}
        {reactions(o)}
        {o.status === 'playing' || o.status === 'over' || o.game.plies > 0
          ? moveSection(t, o.game, o.viewPly ?? o.game.plies, (ply) => o.jump(ply))
          : null}
        {typeMove(o)}
      </div>
      {dialogs(app, o)}
    </div>
  );
}
