import { describe, expect, it } from 'vitest';
import { exportLine, formatBank, parseBank, parseLine, type Puzzle } from './bank.ts';

const puzzle: Puzzle = {
  id: 1,
  date: '2026-12-02',
  fen: 'W:Wh2,b3,Ka5:Bc2,c4',
  moves: 2,
  line: ['b3-b4', 'c4xa4', 'a5xa2xd2'],
  themes: ['decoy'],
  difficulty: 2,
  source: 'sideline-n2000',
};

describe('bank files', () => {
  it('write and read back one puzzle a line', () => {
    const text = formatBank([puzzle, { ...puzzle, id: 2, date: '2026-12-03', themes: [] }]);
    expect(text.split('\n')[0]).toBe(
      '1\t2026-12-02\tW:Wh2,b3,Ka5:Bc2,c4\t2\tb3-b4 c4xa4 a5xa2xd2\tdecoy\t2\tsideline-n2000',
    );
    const back = parseBank(text, 'daily');
    expect(back).toEqual({ ok: true, value: [puzzle, { ...puzzle, id: 2, date: '2026-12-03', themes: [] }] });
    expect(exportLine(puzzle)).toBe('1\t2026-12-02\tW:Wh2,b3,Ka5:Bc2,c4\t2\tb3-b4 c4xa4 a5xa2xd2');
    expect(exportLine({ ...puzzle, date: undefined })).toMatch(/^1\t-\t/);
  });

  it('says which line is wrong and why', () => {
    const line = formatBank([puzzle]).trim();
    expect(parseBank(42, 'daily')).toEqual({ ok: false, error: 'the bank is not text' });
    expect(parseBank(`${line}\n${line}\n`, 'daily')).toEqual({ ok: false, error: 'line 2 has id 1' });
    expect(parseLine(line.replace('\t2\tb3', '\t3\tb3'), 'daily')).toMatch(/3 moves, not 5/);
    expect(parseLine(line.replace('decoy', 'magic'), 'daily')).toMatch(/unknown theme/);
    expect(parseLine(line, 'training')).toMatch(/no date/);
    expect(parseLine(line.replace('2026-12-02', '-'), 'training')).toMatchObject({ date: undefined });
    expect(parseLine('1\t2', 'daily')).toMatch(/2 columns/);
  });

  it('let training ids skip a puzzle taken out, but never go back; daily ids are the dates', () => {
    const training = (ids: number[]) => formatBank(ids.map((id) => ({ ...puzzle, id, date: undefined })));
    const gap = parseBank(training([1, 2, 5, 9]), 'training');
    expect(gap.ok && gap.value.map((p) => p.id)).toEqual([1, 2, 5, 9]);
    expect(parseBank(training([1, 5, 5]), 'training')).toEqual({ ok: false, error: 'line 3 has id 5' });
    expect(parseBank(training([1, 5, 3]), 'training')).toEqual({ ok: false, error: 'line 3 has id 3' });
    const daily = formatBank([puzzle, { ...puzzle, id: 3, date: '2026-12-04' }]);
    expect(parseBank(daily, 'daily')).toEqual({ ok: false, error: 'line 2 has id 3' });
  });
});
