import { createHash } from 'node:crypto';
import { existsSync } from 'node:fs';
import { readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
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

const repo = join(import.meta.dirname, '../..');

/**
 * The version of the data a seed writes: a hash of the seed's sources and the core's schemas (the
 * shapes it writes and the readers expect). A kept folder seeded under another version is seeded
 * again: a folder kept from before a seed change (the books) broke a benchmark reading it.
 */
export async function seedVersion(): Promise<string> {
  const hash = createHash('sha256');
  const files = [
    ...(await readdir(join(repo, 'scripts/seed'))).map((f) => join(repo, 'scripts/seed', f)),
    ...(await readdir(join(repo, 'packages/core/src'), { recursive: true }))
      .filter((f) => f.endsWith('schema.ts'))
      .map((f) => join(repo, 'packages/core/src', f)),
  ]
    .filter((f) => f.endsWith('.ts') && !f.endsWith('.test.ts'))
    .sort();
  for (const f of files)
    hash
      .update(`${relative(repo, f)}\0`)
      .update(await readFile(f))
      .update('\0');
  return hash.digest('hex').slice(0, 16);
}

/**
 * A data folder seeded once and kept, with its owner's login and seed version beside it
 * (`<scale>.json`); emptied and seeded again when the seed's version changed.
 */
async function keptFolder(dir: string, scale: Scale) {
  const file = join(dir, `${scale}.json`);
  const version = await seedVersion();
  const kept = existsSync(file) ? (JSON.parse(await readFile(file, 'utf8')) as { seed?: string }) : undefined;
  if (kept?.seed !== version) {
    if (kept) console.log(`${dir}: seeded by another seed version, seeding it again`);
    // Only a folder this seeded (or began to: an interrupted seed) is emptied.
    if (kept || existsSync(join(dir, 'dynamo'))) await rm(dir, { recursive: true, force: true });
    const seeded = await seedTownDataDir(dir, scale);
    await writeFile(file, JSON.stringify({ email: seeded.email, password: seeded.password, seed: version }));
  }
  const { email, password } = JSON.parse(await readFile(file, 'utf8')) as { email: string; password: string };
  return { email, password };
}

/**
 * A town data folder seeded once and kept (BENCH_TOWN_DIR, default a temp folder) with its owner's
 * login beside it (`town.json`), for benchmarks that copy it for each run instead of seeding.
 */
export async function townFolder(dir = process.env.BENCH_TOWN_DIR ?? join(tmpdir(), 'roundwise-bench-town')) {
  return { dir, login: await keptFolder(dir, 'town') };
}

/**
 * The city data folder (20,000 customers, about 400,000 entities), seeded once and kept
 * (BENCH_CITY_DIR, default a temp folder): seeding it takes 1.5-2 minutes and 480 MB here, too
 * long to repeat on every `npm run bench`. Benchmarks copy it before starting a runtime on it.
 */
export async function cityFolder(dir = process.env.BENCH_CITY_DIR ?? join(tmpdir(), 'roundwise-bench-city')) {
  const owner = await keptFolder(dir, 'city');
  // The seed's other people share the owner's password (scripts/seed/README.md).
  const worker = { email: owner.email.replace(/^owner@/, 'worker@'), password: owner.password };
  return { dir, owner, worker };
}
