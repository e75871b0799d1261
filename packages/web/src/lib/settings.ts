// The player's settings: their shape, defaults and validation. Kept by storage.ts.
import type { DrawRules } from '@dama/core';
import { LANGS, type Lang } from './i18n/index.ts';
import { isObject, oneOf } from './guards.ts';

export const BOARD_THEMES = ['classic', 'two-tone'] as const;
export type BoardTheme = (typeof BOARD_THEMES)[number];

export const ANIMATIONS = ['off', 'slow', 'normal', 'fast'] as const;
export type AnimationSpeed = (typeof ANIMATIONS)[number];

/** Milliseconds per landing square for each animation speed. */
export const ANIMATION_MS: Record<AnimationSpeed, number> = { off: 0, slow: 320, normal: 180, fast: 100 };

/** The optional draw rules of RULES.md; the default ones are always on. */
export const OPTIONAL_DRAW_RULES = ['onePieceEach', 'kingVsMan', 'kingsOnly'] as const;
export type OptionalDrawRule = (typeof OPTIONAL_DRAW_RULES)[number];

export interface Settings {
  /** 'tr' */
  lang: Lang;
  /** 'classic' */
  theme: BoardTheme;
  /** true: file letters and rank numbers on the board */
  coordinates: boolean;
  /** true: sounds on moves, captures, the end and low time */
  sound: boolean;
  /** 'normal' */
  animation: AnimationSpeed;
  /** true: dots on the squares the selected piece can reach */
  showDests: boolean;
  /** true: a move is shown first and played on a second tap */
  confirmMove: boolean;
  /** true: a selected piece that can move must be moved */
  touchMove: boolean;
  /** true: the computer replies at once, without its human pace */
  fastReplies: boolean;
  /** { onePieceEach: false, kingVsMan: false, kingsOnly: false } */
  drawRules: Record<OptionalDrawRule, boolean>;
}

export function defaultSettings(lang: Lang): Settings {
  return {
    lang,
    theme: 'classic',
    coordinates: true,
    sound: true,
    animation: 'normal',
    showDests: true,
    confirmMove: false,
    touchMove: false,
    fastReplies: false,
    drawRules: { onePieceEach: false, kingVsMan: false, kingsOnly: false },
  };
}

/** The draw rules a new game uses with these settings. */
export const gameDrawRules = (s: Settings): Partial<DrawRules> => ({ ...s.drawRules });

/**
 * Settings from a stored value, or undefined if it is not a settings object at all. Fields that are
 * missing or wrong take their defaults, so a settings object from an older version still loads.
 */
export function readSettings(value: unknown, fallbackLang: Lang): Settings | undefined {
  if (!isObject(value)) return undefined;
  const d = defaultSettings(fallbackLang);
  const bool = (k: keyof Settings): boolean =>
    typeof value[k] === 'boolean' ? (value[k] as boolean) : (d[k] as boolean);
  const rules = isObject(value.drawRules) ? value.drawRules : {};
  return {
    lang: oneOf(LANGS, value.lang) ? value.lang : d.lang,
    theme: oneOf(BOARD_THEMES, value.theme) ? value.theme : d.theme,
    coordinates: bool('coordinates'),
    sound: bool('sound'),
    animation: oneOf(ANIMATIONS, value.animation) ? value.animation : d.animation,
    showDests: bool('showDests'),
    confirmMove: bool('confirmMove'),
    touchMove: bool('touchMove'),
    fastReplies: bool('fastReplies'),
    drawRules: {
      onePieceEach: rules.onePieceEach === true,
      kingVsMan: rules.kingVsMan === true,
      kingsOnly: rules.kingsOnly === true,
    },
  };
}
