import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import shared from '../locales/en-GB.json';
import { countFormatter } from './count-format.ts';

/**
 * en-GB by area (locales/README.md): the words the shell and several areas use, and the error
 * codes a screen names, come with the entry; an area's own words sit beside its screens
 * (`features/<area>/en-GB.json`) and are added by its `strings.ts` when a module of those screens
 * loads, so they travel in the area's lazy chunk and the first download does not grow with areas.
 * The error codes only a failure carries (`locales/errors.en-GB.json`) are fetched with the first
 * word missing (see `parseMissingKeyHandler`). The service worker precaches every chunk, so all of
 * them load offline too.
 */
i18next
  .use(initReactI18next)
  .use(countFormatter)
  .init({
    lng: 'en-GB',
    fallbackLng: 'en-GB',
    resources: { 'en-GB': { translation: shared } },
    keySeparator: false,
    nsSeparator: false,
    // Counts get thousands separators (count-format.ts), so every interpolation is formatted.
    interpolation: { escapeValue: false, alwaysFormat: true },
    returnNull: false,
    // An area's words added after a screen first rendered re-render its `useTranslation` users.
    react: { bindI18nStore: 'added' },
    // A key not at hand is most likely a failure's code (a refusal kept on the device, a form's
    // validation code): fetch the error words and show nothing until they arrive (the `added`
    // re-render above then shows the text), rather than the raw key.
    parseMissingKeyHandler: (key: string, defaultValue?: string) => {
      if (errorWordsIn) return defaultValue ?? key;
      void loadErrorWords();
      return defaultValue ?? '';
    },
  });

let errorWords: Promise<void> | undefined;
let errorWordsIn = false;

/** The texts of the error codes no screen names (`locales/errors.en-GB.json`), once. */
export function loadErrorWords(): Promise<void> {
  errorWords ??= import('../locales/errors.en-GB.json').then(
    (words) => {
      errorWordsIn = true;
      i18next.addResourceBundle('en-GB', 'translation', words.default, true, false);
    },
    () => {
      // Not fetched (no signal before the service worker cached it): try again on the next miss.
      errorWords = undefined;
    },
  );
  return errorWords;
}

/**
 * Forms keep a refusal's text in their state once shown, so the words must be at hand before the
 * first form can be sent: the signed-in shell fetches them at the user's first touch or key
 * (opening a dialog comes before sending it), after the first screen is painted. Returns the
 * listeners' removal.
 */
export function loadErrorWordsOnFirstInput(target: EventTarget = window): () => void {
  const types = ['pointerdown', 'keydown'] as const;
  const load = () => {
    stop();
    void loadErrorWords();
  };
  const stop = () => {
    for (const type of types) target.removeEventListener(type, load, true);
  };
  for (const type of types) target.addEventListener(type, load, { capture: true, passive: true });
  return stop;
}

/**
 * The failure, once its text is at hand: the HTTP client and a command's local run pass theirs
 * through, so a toast made from it at once says what went wrong.
 */
export async function withErrorWords<E extends { code: string }>(error: E): Promise<E> {
  if (!i18next.exists(error.code)) await loadErrorWords();
  return error;
}

/** Adds an area's words (its `strings.ts`, run once when its chunk loads). */
export function addStrings(strings: Record<string, string>): void {
  i18next.addResourceBundle('en-GB', 'translation', strings, true, false);
}

export default i18next;
