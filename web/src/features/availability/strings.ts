import { addStrings } from '../../lib/i18n.ts';
import strings from './en-GB.json';

// This area's messages, added when a module of its screens loads (web/src/locales/README.md).
addStrings(strings);
