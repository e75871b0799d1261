import { describe, expect, it } from 'vitest';
import { parseUntil } from '../scripts/until.ts';

describe('--until of the match scripts', () => {
  const at = (iso: string) => Date.parse(iso);
  it('is no deadline when absent', () => {
    expect(parseUntil(undefined)).toBe(Infinity);
  });
  it('is later today when the time is still ahead', () => {
    expect(parseUntil('14:30', at('2026-12-02T13:00:00Z'))).toBe(at('2026-12-02T14:30:00Z'));
  });
  it('is tomorrow when the time of day is already past', () => {
    expect(parseUntil('00:10', at('2026-12-01T23:40:00Z'))).toBe(at('2026-12-02T00:10:00Z'));
    expect(parseUntil('13:00', at('2026-12-02T13:00:00Z'))).toBe(at('2026-12-03T13:00:00Z'));
  });
  it('refuses what is not a time of day', () => {
    for (const bad of ['24:00', '12:60', '1230', 'noon', '', '12:3'])
      expect(parseUntil(bad, at('2026-12-02T13:00:00Z'))).toMatch(/--until must be HH:MM/);
  });
});
