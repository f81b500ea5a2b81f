import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import catalogue from '../locales/en-GB.json';

i18next.use(initReactI18next).init({
  lng: 'en-GB',
  fallbackLng: 'en-GB',
  resources: { 'en-GB': { translation: catalogue as Record<string, string> } },
  keySeparator: false,
  nsSeparator: false,
  interpolation: { escapeValue: false },
  returnNull: false,
});

export default i18next;
