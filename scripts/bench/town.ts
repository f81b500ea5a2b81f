import { join } from 'node:path';
import { createDb, ensureTable } from '@roundwise/db';
import { startDynamo } from '../local/dynamo.ts';
import { LOCAL_CREDENTIALS, LOCAL_REGION, TABLE_NAME } from '../local/runtime.ts';
import { seedAccount } from '../seed/load.ts';

/**
 * Loads the town data set into the data folder the runtime will open (its dynalite folder), and
 * returns the town owner's login and the entity counts.
 */
export async function seedTownDataDir(dataDir: string) {
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
    const town = await seedAccount(seedDb, { scale: 'town' });
    console.log(`seeded town in ${Math.round(performance.now() - seedStart)} ms`, town.counts);
    return town;
  } finally {
    seedDb.client.destroy();
    await dynamo.stop();
  }
}
