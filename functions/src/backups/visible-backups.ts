import { type Actor, atLeast } from '@roundwise/core';
import type { BackupItem, InitiatorTask } from './backup-files.ts';

/** What other accounts see (spec 002 section 6): the backups a person's own big changes started. */
const SHOWN_TO_ALL: readonly InitiatorTask[] = [
  'shift-schedule',
  'reset-schedule',
  'restore-backup',
  'import-data',
  'manual',
];

/**
 * Spec 002 section 6: accounts at Ultimate or above, or in developer mode, see every backup;
 * others only those started by shift-schedule, reset-schedule, restore-backup, import-data or
 * manual. Applied on the server, so a backup hidden from the list cannot be fetched either.
 */
export function maySee(
  actor: Pick<Actor, 'level' | 'developerMode'>,
  backup: Pick<BackupItem, 'initiatorTask'>,
) {
  return (
    atLeast(actor.level, 'Ultimate') || actor.developerMode || SHOWN_TO_ALL.includes(backup.initiatorTask)
  );
}
