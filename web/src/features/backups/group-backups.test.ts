import { describe, expect, it } from 'vitest';
import type { Backup } from './api/backups';
import { groupBackups, weekBeginning } from './group-backups';

// Midday times, so the local date is the same as the UTC date in any time zone from UTC-11 to UTC+11.
const at = (date: string, initiatorTask = 'auto'): Backup => ({
  id: `${date}-${initiatorTask}`,
  date: `${date}T12:00:00.000Z`,
  size: 100,
  initiatorTask,
});

describe('the backup history tree', () => {
  it.each([
    ['2026-11-23', '2026-11-23'], // a Monday
    ['2026-11-29', '2026-11-23'], // the Sunday after
    ['2026-12-02', '2026-11-30'], // a week that began in the month before
    ['2027-01-01', '2026-12-28'], // and in the year before
  ])('the week of %s begins on %s', (day, monday) => {
    expect(weekBeginning(new Date(`${day}T12:00:00Z`))).toBe(monday);
  });

  it('groups by year, month and week beginning, newest first at every level', () => {
    const tree = groupBackups([
      at('2026-11-24'),
      at('2027-01-02'),
      at('2026-12-01'),
      at('2026-11-30', 'manual'),
      at('2026-11-25', 'manual'),
    ]);
    expect(
      tree.map((y) => [
        y.year,
        y.months.map((m) => [m.month, m.weeks.map((w) => [w.weekBeginning, w.backups.map((b) => b.id)])]),
      ]),
    ).toEqual([
      ['2027', [['2027-01', [['2026-12-28', ['2027-01-02-auto']]]]]],
      [
        '2026',
        [
          ['2026-12', [['2026-11-30', ['2026-12-01-auto']]]],
          [
            '2026-11',
            [
              ['2026-11-30', ['2026-11-30-manual']],
              ['2026-11-23', ['2026-11-25-manual', '2026-11-24-auto']],
            ],
          ],
        ],
      ],
    ]);
  });
});
