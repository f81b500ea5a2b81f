import { describe, expect, it } from 'vitest';
import { normaliseList, trimInvisible } from './text.ts';

describe('trimInvisible', () => {
  it.each([
    ['Ann', 'Ann'],
    ['  Ann Smith\t\n', 'Ann Smith'],
    ['\u200b\u200c\u200d\u2060\ufeffAnn\u00ad\u200e', 'Ann'],
    ['\u3164\u115f\u2800\u00a0\u3000', ''],
    ['\ufe0f', ''],
    ['Ann \u200b Smith', 'Ann \u200b Smith'], // only the ends
    ['Hearts \u2764\ufe0f\u200b', 'Hearts \u2764\ufe0f'], // the emoji form stays
    [
      '\u{1F3F4}\u{E0067}\u{E0062}\u{E0073}\u{E0063}\u{E0074}\u{E007F}',
      '\u{1F3F4}\u{E0067}\u{E0062}\u{E0073}\u{E0063}\u{E0074}\u{E007F}',
    ], // Scotland's flag
    ['', ''],
  ])('%j -> %j', (text, trimmed) => expect(trimInvisible(text)).toBe(trimmed));

  it('takes one pass on a long run of invisible characters (no backtracking)', () => {
    const hostile = `${'\u200b'.repeat(200_000)}x${'\u200b'.repeat(200_000)}`;
    const t0 = performance.now();
    expect(trimInvisible(hostile)).toBe('x');
    expect(performance.now() - t0).toBeLessThan(2_000);
  });
});

describe('normaliseList', () => {
  it('splits on any line break, trims, drops blanks, keeps the first spelling once', () => {
    expect(normaliseList(['CB1 2\r\nCB1 3\rCB1 4', ' cb1 2 ', '\u200b', 'CB1 5'])).toEqual([
      'CB1 2',
      'CB1 3',
      'CB1 4',
      'CB1 5',
    ]);
    expect(normaliseList(' CB1 2\n\nCB1 3 \r\ncb1 2\n')).toEqual(['CB1 2', 'CB1 3']);
  });
});
