import { describe, expect, it } from 'vitest';
import { InitiatorTasks } from './backup-files.ts';
import { maySee } from './visible-backups.ts';

// Spec 002 section 6: "accounts at Ultimate level or above, or dev mode, see all backups; others
// see only those started by shift-schedule, reset-schedule, restore-backup, import-data or manual."
const shownToAll = ['shift-schedule', 'reset-schedule', 'restore-backup', 'import-data', 'manual'];

describe('which backups a person sees', () => {
  it.each([
    ['Ultimate', false, InitiatorTasks],
    ['Core', true, InitiatorTasks],
    ['Advanced', true, InitiatorTasks],
    ['Core', false, shownToAll],
    ['Advanced', false, shownToAll],
  ] as const)('%s, developer mode %s: %j', (level, developerMode, expected) => {
    const seen = InitiatorTasks.filter((initiatorTask) =>
      maySee({ level, developerMode }, { initiatorTask }),
    );
    expect([...seen].sort()).toEqual([...expected].sort());
  });
});
