import { cp, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { customerUpdates, liveCustomers, sequentialCommands } from './command-load.ts';
import { Caller, type Figures, round, saveFigures, startRoundwise } from './lib.ts';
import { townFolder } from './town.ts';

/**
 * Backups and restore on the town data set (issue 17 budgets), through the API as the backups
 * screen calls it, against `npm start`'s own process (dynalite and s3rver):
 * - `backup.town_ms`: 'run manual backup now', the whole account read as a consistent snapshot,
 *   gzipped and written with its manifest (budget 10 s); `backup.town_bytes`: the file's size;
 * - `restore.town_ms`: restoring that backup after every customer was edited (the command load,
 *   about 2,000 customers): the backup read and checked against its hash, the account read again,
 *   a backup of it written first, then the changed records written back (budget 30 s);
 *   `restore.town_written` says how many.
 */
export async function manualBackup(caller: Caller) {
  const res = await caller.request('POST', '/api/backups');
  if (res.status !== 201) throw new Error(`backup failed: ${res.status} ${JSON.stringify(res.json)}`);
  return { ms: res.wallMs, bytes: res.json.size as number, id: res.json.id as string };
}

export async function restoreBackup(caller: Caller, id: string) {
  const res = await caller.request('POST', `/api/backups/${id}/restore`);
  if (res.status !== 200) throw new Error(`restore failed: ${res.status} ${JSON.stringify(res.json)}`);
  return { ms: res.wallMs, written: res.json.written as number, deleted: res.json.deleted as number };
}

/** The three figures on a runtime holding the town data set: a backup, `changed` edits, a restore. */
export async function backupFigures(caller: Caller, changed = 2000): Promise<Figures> {
  const backup = await manualBackup(caller);
  const next = customerUpdates(await liveCustomers(caller), `bench-backup-${process.pid}`);
  await sequentialCommands(caller, changed, next, undefined, 0);
  return figuresOf(backup, await restoreBackup(caller, backup.id));
}

export function figuresOf(
  backup: Awaited<ReturnType<typeof manualBackup>>,
  restore: Awaited<ReturnType<typeof restoreBackup>>,
): Figures {
  if (restore.written === 0) throw new Error('the restore wrote nothing back');
  console.log(`restore wrote ${restore.written} records back and deleted ${restore.deleted}`);
  return {
    'backup.town_ms': { value: round(backup.ms), unit: 'ms' },
    'backup.town_bytes': { value: backup.bytes, unit: 'bytes' },
    'restore.town_ms': { value: round(restore.ms), unit: 'ms' },
    'restore.town_written': { value: restore.written, unit: 'records' },
  };
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED ??= 'true';
  const { dir, login } = await townFolder();
  const work = await mkdtemp(join(tmpdir(), 'roundwise-backups-'));
  try {
    await cp(dir, work, { recursive: true });
    const runtime = await startRoundwise(work);
    try {
      const caller = new Caller(runtime.url);
      await caller.login(login.email, login.password);
      const figures = await backupFigures(caller, Number(process.argv[2] ?? 2000));
      for (const [name, f] of Object.entries(figures)) console.log(`${name.padEnd(36)} ${f.value} ${f.unit}`);
      if (process.env.BENCH_SAVE === '1') await saveFigures(figures);
    } finally {
      await runtime.stop();
    }
  } finally {
    await rm(work, { recursive: true, force: true });
  }
}
