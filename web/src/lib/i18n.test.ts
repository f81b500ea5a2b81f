import { errorMessages } from '@roundwise/core/messages';
import { describe, expect, it } from 'vitest';
import shared from '../locales/en-GB.json';
import errors from '../locales/errors.en-GB.json';
import i18next, { loadErrorWords } from './i18n.ts';

// An error code no screen names (so not in the entry's words): only a failure carries it.
const first = Object.keys(errors)[0] as keyof typeof errorMessages;

describe('the error words, fetched with the first failure (locales/README.md)', () => {
  it('are not in the entry: a screen never shows a failure as its raw code meanwhile', async () => {
    expect(first in shared).toBe(false);
    let added = false;
    i18next.store.on('added', () => {
      added = true;
    });
    // A refusal kept on the device (or a form's code) shown before the words came: blank, not the key.
    expect(i18next.t(first)).toBe('');
    // ...and the miss fetched them; the `added` event re-renders every useTranslation user.
    await loadErrorWords();
    expect(added).toBe(true);
    expect(i18next.t(first)).toBe(errorMessages[first]);
  });
});
