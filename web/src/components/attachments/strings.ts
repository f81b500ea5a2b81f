import { addStrings } from '../../lib/i18n.ts';
import strings from './en-GB.json';

// These components' messages, added when one of them loads (web/src/locales/README.md).
addStrings(strings);
