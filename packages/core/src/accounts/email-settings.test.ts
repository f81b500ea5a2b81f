import { describe, expect, it } from 'vitest';
import { blocklistError, replyToError } from './email-settings.ts';

describe('email settings rules (spec 002 section 5)', () => {
  it.each([
    ['', 'validation.valid-email-required'],
    ['ab', 'validation.valid-email-required'],
    [' a@ ', 'validation.valid-email-required'],
    ['spam@example.com', 'email-settings.email-already-blocked'],
    ['  SPAM@Example.com ', 'email-settings.email-already-blocked'],
    ['not an email', 'validation.valid-email-required'],
    ['new@example.com', undefined],
  ])('blocklist add %j gives %s', (value, key) => {
    expect(blocklistError(['spam@example.com'], value)).toBe(key);
  });

  it.each([
    ['', 'email-settings.invalid-email'],
    ['office', 'email-settings.invalid-email'],
    ['office@sparkle.example', undefined],
  ])('reply-to %j gives %s', (value, key) => {
    expect(replyToError(value)).toBe(key);
  });
});
