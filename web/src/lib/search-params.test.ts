import { describe, expect, it } from 'vitest';
import { optionalOneOf, optionalString } from './search-params.ts';

describe('search parameters', () => {
  it('keeps a string that passes its check and drops anything else', () => {
    const path = (s: string) => /^\/(?!\/)/.test(s);
    expect(optionalString('/customers', path)).toBe('/customers');
    expect(optionalString('//evil.example', path)).toBeUndefined();
    expect(optionalString('https://evil.example', path)).toBeUndefined();
    expect(optionalString(123)).toBeUndefined();
    expect(optionalString(undefined)).toBeUndefined();
    expect(optionalString('abc')).toBe('abc');
  });

  it('keeps one of the options only', () => {
    expect(optionalOneOf('duplicates', ['payments', 'duplicates'] as const)).toBe('duplicates');
    expect(optionalOneOf('other', ['payments', 'duplicates'] as const)).toBeUndefined();
    expect(optionalOneOf(true, [true, 'true'] as const)).toBe(true);
    expect(optionalOneOf('true', [true, 'true'] as const)).toBe('true');
    expect(optionalOneOf(false, [true, 'true'] as const)).toBeUndefined();
  });
});
