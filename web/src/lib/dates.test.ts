import { describe, expect, it } from 'vitest';
import { dayText, parseDayText } from './dates';

describe('typed dates, day first', () => {
  it('shows an ISO day as dd/mm/yyyy', () => {
    expect(dayText('2026-11-25')).toBe('25/11/2026');
    expect(dayText('')).toBe('');
  });

  it.each([
    ['25/11/2026', '2026-11-25'],
    ['01/12/2026', '2026-12-01'],
    ['1/12/2026', '2026-12-01'],
    ['1.12.2026', '2026-12-01'],
    ['1-12-2026', '2026-12-01'],
    [' 1 12 2026 ', '2026-12-01'],
    ['01122026', '2026-12-01'],
    ['1/12/26', '2026-12-01'],
    ['29/02/2028', '2028-02-29'],
  ])('reads %s as %s', (typed, iso) => {
    expect(parseDayText(typed)).toBe(iso);
  });

  it.each([
    '31/02/2026',
    '29/02/2027',
    '13/13/2026',
    '0/1/2026',
    '12/25/2026',
    'tomorrow',
    '',
    '1/12',
    '1/1/0026',
  ])('refuses %s', (typed) => {
    expect(parseDayText(typed)).toBeUndefined();
  });

  it('waits for a four-digit year while the user types', () => {
    expect(parseDayText('1/12/20', false)).toBeUndefined();
    expect(parseDayText('1/12/2026', false)).toBe('2026-12-01');
  });
});
