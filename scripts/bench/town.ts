import { existsSync } from 'node:fs';
import { readFile, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createDb, ensureTable } from '@roundwise/db';
import { startDynamo } from '../local/dynamo.ts';
import { LOCAL_CREDENTIALS, LOCAL_REGION, TABLE_NAME } from '../local/runtime.ts';
import { localAttachments } from '../local/s3.ts';
import type { Scale } from '../seed/generate.ts';
import { seedAccount } from '../seed/load.ts';

/**
 * Loads a data set (town unless told) into the data folder the runtime will open (its dynalite
 * folder), and returns the owner's login and the entity counts.
 */
export async function seedTownDataDir(dataDir: string, scale: Scale = 'town') {
  const dynamo = await startDynamo(join(dataDir, 'dynamo'));
  const files = await localAttachments(dataDir);
  const seedDb = createDb({
    tableName: TABLE_NAME,
    endpoint: dynamo.endpoint,
    region: LOCAL_REGION,
    credentials: { ...LOCAL_CREDENTIALS },
  });
  try {
    await ensureTable(seedDb);
    const seedStart = performance.now();
    const seeded = await seedAccount(seedDb, { scale, files: files.put });
    console.log(`seeded ${scale} in ${Math.round(performance.now() - seedStart)} ms`, seeded.counts);
    return seeded;
  } finally {
    seedDb.client.destroy();
    await dynamo.stop();
    await files.stop();
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

/**
 * The city data folder (20,000 customers, about 400,000 entities), seeded once and kept
 * (BENCH_CITY_DIR, default a temp folder): seeding it takes 1.5-2 minutes and 480 MB here, too
 * long to repeat on every `npm run bench`. Benchmarks copy it before starting a runtime on it.
 */
export async function cityFolder(dir = process.env.BENCH_CITY_DIR ?? join(tmpdir(), 'roundwise-bench-city')) {
  const file = join(dir, 'city.json');
  if (!existsSync(file)) {
    const city = await seedTownDataDir(dir, 'city');
    await writeFile(file, JSON.stringify({ email: city.email, password: city.password }));
  }
  const owner = JSON.parse(await readFile(file, 'utf8')) as { email: string; password: string };
  // The seed's other people share the owner's password (scripts/seed/README.md).
  const worker = { email: owner.email.replace(/^owner@/, 'worker@'), password: owner.password };
  return { dir, owner, worker };
}
