// The computer's level on a new-game sheet (the home screen's, and "play from here" on the analysis
// board): eight numbered choices in one row, and under them what the chosen level is like and the
// player's record against it. A level the player has beaten carries a mark.
import type { JSX } from 'preact';
import type { Catalog } from './i18n/index.ts';
import type { LevelRecord } from './record.ts';
import { PLAY_LEVELS, type PlayLevel } from './setup.ts';

export function levelPicker(
  name: string,
  t: Catalog,
  current: PlayLevel,
  pick: (level: PlayLevel) => void,
  record?: LevelRecord,
): JSX.Element {
  const mine = record?.[current];
  return (
    <fieldset class="choices level-picker">
      <legend>{t.level}</legend>
      <div class="segmented levels">
        {PLAY_LEVELS.map((l) => (
          <label class={(l === current ? 'on' : '') + ((record?.[l]?.won ?? 0) > 0 ? ' beaten' : '')} key={l}>
            <input
              type="radio"
              name={name}
              value={String(l)}
              checked={l === current}
              onChange={() => pick(l)}
            />
            <span>
              {l}
              <span class="sr-only"> {t[`level_${l}`]}</span>
            </span>
          </label>
        ))}
      </div>
      <p class="level-about" data-testid="level-about">
        <strong>
          {t.levelNumber(current)} · {t[`level_${current}`]}
        </strong>
        <span>{t[`levelNote_${current}`]}</span>
        {record ? (
          <small>{mine ? t.levelYourRecord(mine.won, mine.drawn, mine.lost) : t.levelNotPlayed}</small>
        ) : null}
      </p>
    </fieldset>
  );
}
