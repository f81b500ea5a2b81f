import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { EMAIL_PATTERN, parseEmail } from './email.ts';
import { Email } from './schema.ts';

describe('the sign-in address rule without zod', () => {
  it.each([
    'owner@demo.roundwise.local',
    '  Owner@Example.COM ',
    "o'brien+tag@mail.example.co.uk",
    'first.last@example.com',
    '',
    ' ',
    'not an email',
    'a@b',
    'a@b.c',
    '.a@example.com',
    'a..b@example.com',
    'a.@example.com',
    'a@-example.com',
    `${'a'.repeat(243)}@example.com`,
    `${'a'.repeat(244)}@example.com`,
  ])('agrees with the Email schema and zod’s own email check on %j', (value) => {
    const zod = Email.safeParse(value);
    const plain = parseEmail(value);
    const normalised = value.trim().toLowerCase();
    expect(EMAIL_PATTERN.test(normalised)).toBe(z.email().safeParse(normalised).success);
    if (zod.success) expect(plain).toEqual({ email: zod.data });
    else expect(plain).toEqual({ error: zod.error.issues[0]?.message });
  });
});
