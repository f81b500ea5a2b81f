import { defineServerArea } from '../define-area.ts';
import { restoreStep } from './run-restore.ts';
import { RESTORE_EFFECT } from './start-restore.ts';

/** The area's server part, listed in `functions/src/areas.ts`. */
export const area = defineServerArea({ name: 'backups', effects: () => ({ [RESTORE_EFFECT]: restoreStep }) });
