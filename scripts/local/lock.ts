import { mkdir, readFile, unlink, writeFile } from 'node:fs/promises';
import { join } from 'node:path';

/**
 * Claims `<dataDir>/runtime.pid` for this process. A file left by a process that no longer runs
 * (a crash, kill -9) is taken over. Resolves with the release function.
 */
export async function lockDataDir(dataDir: string): Promise<() => Promise<void>> {
  await mkdir(dataDir, { recursive: true });
  const file = join(dataDir, 'runtime.pid');
  const mine = String(process.pid);
  try {
    await writeFile(file, mine, { flag: 'wx' });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    const pid = Number((await readFile(file, 'utf8').catch(() => '')).trim());
    if (Number.isInteger(pid) && pid > 0 && isAlive(pid)) {
      throw new Error(
        `Roundwise is already running on ${dataDir} (process ${pid}${pid === process.pid ? ', this one' : ''}). Stop it first, or use another ROUNDWISE_DATA_DIR. (If no Roundwise runs, delete ${file}.)`,
      );
    }
    await writeFile(file, mine);
  }
  return async () => {
    const holder = await readFile(file, 'utf8').catch(() => '');
    if (holder.trim() === mine) await unlink(file).catch(() => {});
  };
}

function isAlive(pid: number) {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}
