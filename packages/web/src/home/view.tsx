// The home screen: continue, play the computer, two players, the daily puzzle, rules, games, profile, settings.
import type { ComponentChildren, JSX } from 'preact';
import type { HomeCtrl } from './ctrl.ts';
import { CLOCK_PRESETS, MOVE_TIMER_SECONDS, PLAY_LEVELS, type Mode, type TimeControl } from '../lib/setup.ts';
import { resultsByLevel } from '../lib/record.ts';
import { icons } from '../lib/icons.tsx';
import { dialog, radios, type Choice } from '../lib/widgets.tsx';
import { levelPicker } from '../lib/level-picker.tsx';
import './home.css';

const timeValue = (t: TimeControl): string =>
  t.kind === 'clock' ? `${t.minutes}+${t.increment}` : t.kind === 'move' ? 'move' : 'off';

function timeFromValue(v: string): TimeControl {
  if (v === 'move') return { kind: 'move', seconds: MOVE_TIMER_SECONDS };
  const m = /^(\d+)\+(\d+)$/.exec(v);
  return m ? { kind: 'clock', minutes: Number(m[1]), increment: Number(m[2]) } : { kind: 'off' };
}

function sheet(ctrl: HomeCtrl, mode: Mode): JSX.Element {
  const t = ctrl.trans;
  const d = ctrl.draft;
  const times: Choice<string>[] = [
    { value: 'off', label: t.time_off },
    { value: 'move', label: t.time_move },
    ...CLOCK_PRESETS.map((p) => ({
      value: `${p.minutes}+${p.increment}`,
      label: `${p.minutes}+${p.increment}`,
    })),
  ];
  const tv = timeValue(d.time);
  const timeNote =
    d.time.kind === 'move' ? t.time_moveNote : d.time.kind === 'clock' ? t.clockNote : undefined;
  const body = (
    <form
      class="sheet-form"
      onSubmit={(e) => {
        e.preventDefault();
        ctrl.start(mode);
      }}
    >
      {mode === 'computer'
        ? [
            levelPicker(
              'level',
              t,
              d.level,
              (level) => ctrl.setDraft({ level }),
              resultsByLevel(ctrl.records),
            ),
            radios(
              'color',
              t.color,
              (['white', 'black', 'random'] as const).map((c) => ({ value: c, label: t[`color_${c}`] })),
              d.color,
              (color) => ctrl.setDraft({ color }),
            ),
          ]
        : radios(
            'view',
            t.twoPlayerView,
            [
              { value: 'rotate', label: t.view_rotate },
              { value: 'facing', label: t.view_facing },
            ],
            d.view,
            (view) => ctrl.setDraft({ view }),
          )}
      {radios('time', t.timeControl, times, tv, (v) => ctrl.setDraft({ time: timeFromValue(v) }), timeNote)}
      <div class="actions">
        <button type="button" class="btn" onClick={() => ctrl.openSheet(undefined)}>
          {t.cancel}
        </button>
        <button type="submit" class="btn primary">
          {t.startGame}
        </button>
      </div>
    </form>
  );
  return dialog('new-game', mode === 'computer' ? t.quickGame : t.twoPlayers, body, () =>
    ctrl.openSheet(undefined),
  );
}

/** The home screen; `turns` is the "Your turn" list (src/turns, loaded apart), shown first. */
export function homeView(ctrl: HomeCtrl, turns?: ComponentChildren): JSX.Element {
  const t = ctrl.trans;
  const cur = ctrl.current;
  const moves = ctrl.continueMoves();
  return (
    <div class="home">
      <div class="hero">
        <img src="./icon.svg" width="72" height="72" alt="" />
        <p class="tagline">{t.tagline}</p>
      </div>
      {turns}
      {cur ? (
        <a class="card continue" href="#/game">
          <span class="card-icon">{icons.play()}</span>
          <span class="card-text">
            <strong>{t.continueGame}</strong>
            <small>
              {cur.setup.mode === 'computer'
                ? t.continueVsComputer(t[`level_${cur.setup.level}`], moves)
                : t.continueTwoPlayers(moves)}
            </small>
          </span>
        </a>
      ) : null}
      {learnCard(ctrl)}
      <button type="button" class="card" onClick={() => ctrl.openSheet('computer')}>
        <span class="card-icon">{icons.robot()}</span>
        <span class="card-text">
          <strong>{t.quickGame}</strong>
          <small>{t.quickGameNote}</small>
        </span>
      </button>
      <button type="button" class="card" onClick={() => ctrl.openSheet('local')}>
        <span class="card-icon">{icons.people()}</span>
        <span class="card-text">
          <strong>{t.twoPlayers}</strong>
          <small>{t.twoPlayersNote}</small>
        </span>
      </button>
      <a class="card" href="#/lobby" data-testid="lobby-card">
        <span class="card-icon">{icons.pairing()}</span>
        <span class="card-text">
          <strong>{t.lobbyTitle}</strong>
          <small>{t.lobbyCardNote}</small>
        </span>
      </a>
      <a class="card" href="#/online" data-testid="online-card">
        <span class="card-icon">{icons.share()}</span>
        <span class="card-text">
          <strong>{t.online}</strong>
          <small>{t.onlineNote}</small>
        </span>
      </a>
      <a class="card" href="#/watch" data-testid="watch-card">
        <span class="card-icon">{icons.watch()}</span>
        <span class="card-text">
          <strong>{t.watchTitle}</strong>
          <small>{t.watchCardNote}</small>
        </span>
      </a>
      {puzzleCard(ctrl)}
      {levelRecord(ctrl)}
      <a class="card" href="#/analysis" data-testid="analysis-card">
        <span class="card-icon">{icons.analysis()}</span>
        <span class="card-text">
          <strong>{t.analysisBoard}</strong>
          <small>{t.analysisCardNote}</small>
        </span>
      </a>
      <nav class="tiles" aria-label={t.menu}>
        <a class="tile" href="#/rules">
          {icons.book()}
          <span>{t.rules}</span>
        </a>
        <a class="tile" href="#/records">
          {icons.list()}
          <span>{t.records}</span>
        </a>
        <a class="tile" href="#/profile" data-testid="profile-tile">
          {icons.person()}
          <span>{t.profileTitle}</span>
        </a>
        <a class="tile" href="#/settings">
          {icons.gear()}
          <span>{t.settings}</span>
        </a>
      </nav>
      {ctrl.sheet ? sheet(ctrl, ctrl.sheet) : null}
      {ctrl.replacing ? replaceDialog(ctrl, ctrl.replacing, moves) : null}
    </div>
  );
}

/** The Learn section, with how far the player has come ("12 / 66 levels"). */
function learnCard(ctrl: HomeCtrl): JSX.Element {
  const t = ctrl.trans;
  const l = ctrl.learnCard();
  return (
    <a class="card" href="#/learn" data-testid="learn-card">
      <span class="card-icon">{icons.hint()}</span>
      <span class="card-text">
        <strong>{t.learnTitle}</strong>
        <small>{l.done === 0 ? t.learnCardNote : l.text}</small>
      </span>
    </a>
  );
}

/** "Start a new game?" over a game in progress, which is kept in "My games". */
function replaceDialog(ctrl: HomeCtrl, mode: Mode, moves: number): JSX.Element {
  const t = ctrl.trans;
  return dialog(
    'replace-game',
    t.replaceTitle,
    <>
      <p>{t.replaceBody(moves)}</p>
      <div class="actions">
        <button type="button" class="btn" onClick={() => ctrl.cancelReplace()}>
          {t.cancel}
        </button>
        <button type="button" class="btn primary" onClick={() => ctrl.start(mode, true)}>
          {t.replaceConfirm}
        </button>
      </div>
    </>,
    () => ctrl.cancelReplace(),
  );
}

/** Won–drawn–lost against each level the player has met (nothing before the first finished game). */
function levelRecord(ctrl: HomeCtrl): JSX.Element | null {
  const t = ctrl.trans;
  const by = resultsByLevel(ctrl.records);
  const levels = PLAY_LEVELS.filter((l) => by[l]);
  if (levels.length === 0) return null;
  return (
    <a class="card level-record" href="#/records" data-testid="level-record">
      <span class="card-text">
        <strong>{t.levelRecord}</strong>
        <span class="tallies">
          {levels.map((l) => {
            const r = by[l]!;
            const name = t[`level_${l}`];
            return (
              <span class="tally" key={l} data-level={l}>
                <small aria-hidden="true">
                  {l} · {name}
                </small>
                <b aria-hidden="true">
                  {r.won}–{r.drawn}–{r.lost}
                </b>
                <span class="sr-only">{t.levelTally(name, r.won, r.drawn, r.lost)}</span>
              </span>
            );
          })}
        </span>
        <small>{t.levelRecordLegend}</small>
      </span>
    </a>
  );
}

/** The daily puzzle's card with today's status and the streak (from the puzzle record). */
function puzzleCard(ctrl: HomeCtrl): JSX.Element {
  const t = ctrl.trans;
  const p = ctrl.puzzleCard();
  return (
    <a class="card" href="#/puzzle" data-testid="home-puzzle" data-status={p.status} data-streak={p.streak}>
      <span class="card-icon">{icons.puzzle()}</span>
      <span class="card-text">
        <strong>{t.dailyPuzzle}</strong>
        <small>
          {p.text} · {p.streakText}
        </small>
      </span>
    </a>
  );
}
