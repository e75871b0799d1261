// The settings screen. Every change is kept on the device at once. `more` follows the settings (the
// notifications, loaded apart).
import type { ComponentChildren, JSX } from 'preact';
import type { SettingsCtrl } from './ctrl.ts';
import { ANIMATIONS, BOARD_THEMES, OPTIONAL_DRAW_RULES } from '../lib/settings.ts';
import { radios, toggle } from '../lib/widgets.tsx';

export function settingsView(ctrl: SettingsCtrl, more?: ComponentChildren): JSX.Element {
  const t = ctrl.trans;
  const s = ctrl.settings;
  const set = ctrl.change.bind(ctrl);
  return (
    <div class="page settings">
      <section class="group">
        {radios(
          'lang',
          t.language,
          [
            { value: 'tr', label: 'Türkçe' },
            { value: 'en', label: 'English' },
          ],
          s.lang,
          (lang) => set({ lang }),
        )}
        {radios(
          'theme',
          t.boardStyle,
          BOARD_THEMES.map((th) => ({
            value: th,
            label: t[th === 'classic' ? 'theme_classic' : 'theme_two_tone'],
          })),
          s.theme,
          (theme) => set({ theme }),
        )}
        {radios(
          'animation',
          t.animation,
          ANIMATIONS.map((a) => ({ value: a, label: t[`anim_${a}`] })),
          s.animation,
          (animation) => set({ animation }),
        )}
      </section>
      <section class="group switches">
        {toggle('set-coords', t.coordinates, s.coordinates, (coordinates) => set({ coordinates }))}
        {toggle('set-dests', t.showDests, s.showDests, (showDests) => set({ showDests }))}
        {toggle('set-confirm', t.confirmMove, s.confirmMove, (confirmMove) => set({ confirmMove }))}
        {toggle('set-sound', t.sound, s.sound, (sound) => set({ sound }))}
        {toggle('set-touch', t.touchMove, s.touchMove, (touchMove) => set({ touchMove }))}
        {toggle('set-fast', t.fastReplies, s.fastReplies, (fastReplies) => set({ fastReplies }))}
      </section>
      <section class="group switches">
        <h2>{t.drawRules}</h2>
        <p class="note">{t.drawRulesNote}</p>
        {OPTIONAL_DRAW_RULES.map((r) =>
          toggle(`rule-${r}`, t[`rule_${r}`], s.drawRules[r], (on) =>
            set({ drawRules: { ...s.drawRules, [r]: on } }),
          ),
        )}
      </section>
      {more}
    </div>
  );
}
