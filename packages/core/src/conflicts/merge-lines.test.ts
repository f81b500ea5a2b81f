import { describe, expect, it } from 'vitest';
import { mergeLines } from './merge-lines.ts';

describe('mergeLines (three-way, by lines)', () => {
  it.each<[string, string, string, string, boolean, string | undefined]>([
    // [case, base, mine, theirs, mine made first, merged]
    [
      'both add a line at the end: both kept, the earlier first',
      'Gate code 1234',
      'Gate code 1234\nDog in garden',
      'Gate code 1234\nPays cash',
      true,
      'Gate code 1234\nDog in garden\nPays cash',
    ],
    [
      'the same, the other edit first',
      'Gate code 1234',
      'Gate code 1234\nDog in garden',
      'Gate code 1234\nPays cash',
      false,
      'Gate code 1234\nPays cash\nDog in garden',
    ],
    ['both add to empty notes', '', 'Dog in garden', 'Pays cash', true, 'Dog in garden\nPays cash'],
    ['different lines changed', 'a\nb\nc', 'A\nb\nc', 'a\nb\nC', true, 'A\nb\nC'],
    ['one side only', 'a\nb', 'a\nb\nc', 'a\nb', true, 'a\nb\nc'],
    ['both made the same change', 'a', 'b', 'b', true, 'b'],
    ['a line removed by one, another added by the other', 'a\nb\nc', 'a\nc', 'a\nb\nc\nd', true, 'a\nc\nd'],
    ['trailing newline kept', 'a\n', 'a\nb\n', 'a\nc\n', true, 'a\nb\nc\n'],
    [
      'the same line changed two ways: a conflict',
      'Gate code 1234',
      'Gate code 9999',
      'Gate code 4321',
      true,
      undefined,
    ],
    ['one removes a line the other changes: a conflict', 'a\nb\nc', 'a\nc', 'a\nB\nc', true, undefined],
  ])('%s', (_case, base, mine, theirs, mineFirst, merged) => {
    expect(mergeLines(base, mine, theirs, mineFirst)).toBe(merged);
  });
});
