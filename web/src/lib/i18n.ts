import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import firstScreen from '../locales/en-GB.json?strings=first-screen';
import { countFormatter } from './count-format.ts';

/**
 * en-GB in two parts (locales/split.ts): the sign-in screen, the shell, the schedule day and every
 * error code come with the entry; the rest of the catalogue is one more chunk that every other
 * screen waits for before it opens (`loadAllStrings`, from the root route), so no screen shows a
 * raw key. The service worker precaches that chunk with the others, so it loads offline too.
 */
i18next
  .use(initReactI18next)
  .use(countFormatter)
  .init({
    lng: 'en-GB',
    fallbackLng: 'en-GB',
    resources: { 'en-GB': { translation: firstScreen } },
    keySeparator: false,
    nsSeparator: false,
    interpolation: { escapeValue: false, alwaysFormat: true },
    returnNull: false,
    // A key outside the first part shown on a first screen (a bug, the split test guards it): load
    // the rest, and every `useTranslation` re-renders when it is added (`bindI18nStore`).
    saveMissing: true,
    missingKeyHandler: () => void loadAllStrings(),
    react: { bindI18nStore: 'added' },
  });

let rest: Promise<void> | undefined;

/** The rest of the catalogue, added once; resolves when every key is there. */
export function loadAllStrings(): Promise<void> {
  rest ??= import('../locales/en-GB.json?strings=rest').then(
    (part) => {
      i18next.addResourceBundle('en-GB', 'translation', part.default, true, false);
    },
    (error: unknown) => {
      rest = undefined; // a failed chunk load (offline, before the worker cached it) may be retried
      throw error;
    },
  );
  return rest;
}

/** Paths whose screens need only the first part: sign-in and the schedule day (the usual landing). */
const FIRST_SCREEN_PATHS = /^\/(?:sign-in|schedule)?(?:[/?#]|$)/;

/** What a navigation to `pathname` waits for before its screen renders. */
export function stringsFor(pathname: string): Promise<void> | undefined {
  return FIRST_SCREEN_PATHS.test(pathname) ? undefined : loadAllStrings();
}

export default i18next;
