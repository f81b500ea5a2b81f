import { existsSync } from 'node:fs';
import { readFile, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createDb, ensureTable } from '@roundwise/db';
import { startDynamo } from '../local/dynamo.ts';
import { LOCAL_CREDENTIALS, LOCAL_REGION, TABLE_NAME } from '../local/runtime.ts';
import type { Scale } from '../seed/generate.ts';
import { seedAccount } from '../seed/load.ts';

/**
 * Loads a data set (town unless told) into the data folder the runtime will open (its dynalite
 * folder), and returns the owner's login and the entity counts.
 */
export async function seedTownDataDir(dataDir: string, scale: Scale = 'town') {
  const dynamo = await startDynamo(join(dataDir, 'dynamo'));
  const seedDb = createDb({
    tableName: TABLE_NAME,
    endpoint: dynamo.endpoint,
    region: LOCAL_REGION,
    credentials: { ...LOCAL_CREDENTIALS },
  });
  try {
    await ensureTable(seedDb);
    const seedStart = performance.now();
    const seeded = await seedAccount(seedDb, { scale });
    console.log(`seeded ${scale} in ${Math.round(performance.now() - seedStart)} ms`, seeded.counts);
    return seeded;
  } finally {
    seedDb.client.destroy();
    await dynamo.stop();
  }
}

/**
 * A town data folder seeded once and kept (BENCH_TOWN_DIR, default a temp folder) with its owner's
 * login beside it (`town.json`), for benchmarks that copy it for each run instead of seeding.
 */
export async function townFolder(dir = process.env.BENCH_TOWN_DIR ?? join(tmpdir(), 'roundwise-bench-town')) {
  const file = join(dir, 'town.json');
  if (!existsSync(file)) {
    const town = await seedTownDataDir(dir);
    await writeFile(file, JSON.stringify({ email: town.email, password: town.password }));
  }
  const login = JSON.parse(await readFile(file, 'utf8')) as { email: string; password: string };
  return { dir, login };
}
