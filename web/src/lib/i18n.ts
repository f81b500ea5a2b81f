import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import shared from '../locales/en-GB.json';
import { countFormatter } from './count-format.ts';

/**
 * en-GB by area (locales/README.md): the words the shell and several areas use, and every error
 * code, come with the entry; an area's own words sit beside its screens
 * (`features/<area>/en-GB.json`) and are added by its `strings.ts` when a module of those screens
 * loads, so they travel in the area's lazy chunk and the first download does not grow with areas.
 * The service worker precaches every chunk, so an area's words load offline too.
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
  });

/** Adds an area's words (its `strings.ts`, run once when its chunk loads). */
export function addStrings(strings: Record<string, string>): void {
  i18next.addResourceBundle('en-GB', 'translation', strings, true, false);
}

export default i18next;
