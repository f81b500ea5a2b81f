import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { AppError } from '@roundwise/core';
import { errorMessages } from '@roundwise/core/messages';
import { describe, expect, it } from 'vitest';
import errors from '../locales/errors.en-GB.json';
import i18next, { loadErrorWords } from './i18n.ts';
import { problemText } from './use-problem.ts';

// An error code whose words load on demand (not in the entry's catalogue).
const code = Object.keys(errors)[0] as keyof typeof errorMessages;

describe("a form's refusal, kept as its key (useProblem)", () => {
  it('has its text once the words arrive, though it was set before they did', async () => {
    const kept = { key: code };
    expect(problemText(i18next.t, kept)).toBe('');
    await loadErrorWords();
    expect(problemText(i18next.t, kept)).toBe(errorMessages[code]);
  });

  it("a refused command's error reads as its code's text; a key with no text as a validation failure", async () => {
    await loadErrorWords();
    const refusal = new AppError('validation', code);
    expect(problemText(i18next.t, { error: refusal })).toBe(errorMessages[code]);
    expect(problemText(i18next.t, { key: 'nowhere.no-such-key' })).toBe(
      errorMessages['general.validation-failed'],
    );
  });
});

describe('forms keep refusals as keys', () => {
  it('no screen puts a refusal into state as text (`setError(t(...))`): useProblem keeps the key', () => {
    const src = fileURLToPath(new URL('..', import.meta.url));
    const files = readdirSync(src, { recursive: true, encoding: 'utf8' }).filter(
      (f) => /\.tsx?$/.test(f) && !f.includes('.test.'),
    );
    const found = files.filter((f) =>
      /\bset\w*(Error|Problem)\(\s*(t|errorText)\(/.test(readFileSync(join(src, f), 'utf8')),
    );
    expect(found).toEqual([]);
  });
});
