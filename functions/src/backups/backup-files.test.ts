import { describe, expect, it } from 'vitest';
import { backupId, parseBackupId } from './backup-files.ts';

describe('backup ids', () => {
  it('name their time and initiator, and read back', () => {
    const id = backupId(new Date('2026-11-24T02:00:00.123Z'), 'auto');
    expect(id).toBe('20261124T020000123Z-auto');
    expect(parseBackupId(id)).toEqual({ date: '2026-11-24T02:00:00.123Z', initiatorTask: 'auto' });
  });

  it.each(['', 'x', '20261124T020000123Z-unknown', '20261124T020000123Z', '../20261124T020000123Z-auto'])(
    'refuses %j',
    (id) => expect(parseBackupId(id)).toBeUndefined(),
  );
});
