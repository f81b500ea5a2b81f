import { describe, expect, it } from 'vitest';
import errors from '../locales/errors.en-GB.json';
import i18next, { loadErrorWordsOnFirstInput } from './i18n.ts';

// Its own file: the words are fetched once per page, and this page has not fetched them yet.
const code = Object.keys(errors)[0]!;

describe('the error words, fetched at the first input in the signed-in app', () => {
  it('are at hand once the user first touches or types, before a form can be sent', async () => {
    const page = new EventTarget();
    loadErrorWordsOnFirstInput(page);
    expect(i18next.exists(code)).toBe(false);
    const arrived = new Promise<void>((resolve) => i18next.store.on('added', () => resolve()));
    page.dispatchEvent(new Event('pointerdown'));
    await arrived;
    expect(i18next.t(code)).toBe(errors[code as keyof typeof errors]);
  });

  it('stops listening when the shell goes (signed out)', () => {
    const page = new EventTarget();
    const listening: string[] = [];
    const add = page.addEventListener.bind(page);
    page.addEventListener = (type, listener, options) => {
      listening.push(type);
      add(type, listener, options);
    };
    page.removeEventListener = (type) => {
      listening.splice(listening.indexOf(type), 1);
    };
    loadErrorWordsOnFirstInput(page)();
    expect(listening).toEqual([]);
  });
});
