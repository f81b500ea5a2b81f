import { describe, expect, it } from 'vitest';
import { findTokens, replaceTokens } from './tokens.ts';

describe('[token=?] replacement (spec 001 section 2.10)', () => {
  it('finds each token once, in order of first appearance', () => {
    expect(findTokens('Hi [name=?], we come on [day=?]. Thanks [name=?]!')).toEqual(['name', 'day']);
    expect(findTokens('[ first name =?] and [x=1] and [=?] and [a\nb=?]')).toEqual(['first name']);
    expect(findTokens('No tokens here [but=this] [nor=?')).toEqual([]);
  });

  it('replaces every occurrence of a token that has a value and leaves the others', () => {
    expect(replaceTokens('Hi [name=?], see you [day=?]. Bye [name=?]', { name: 'Ann' })).toBe(
      'Hi Ann, see you [day=?]. Bye Ann',
    );
    expect(replaceTokens('[ day =?]', { day: 'Tuesday' })).toBe('Tuesday');
    // A value that looks like a replacement pattern is inserted as written.
    expect(replaceTokens('Cost [price=?]', { price: '$& $1' })).toBe('Cost $& $1');
  });
});
