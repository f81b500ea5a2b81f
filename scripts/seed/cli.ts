import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { createDb, type Db, ensureTable } from '@roundwise/db';
import { startDynamo } from '../local/dynamo.ts';
import { lockDataDir } from '../local/lock.ts';
import { LOCAL_CREDENTIALS, LOCAL_REGION, REPO_ROOT, TABLE_NAME } from '../local/runtime.ts';
import { localAttachments } from '../local/s3.ts';
import { SCALE_NAMES, type Scale } from './generate.ts';
import { defaultOwner, type SeedOptions, seedAccount } from './load.ts';

const USAGE = `Usage: npm run seed -- --scale demo|town|city [options]

  --scale demo|town|city   how big a business (default demo)
  --email <email>          owner's email (default owner@<scale>.roundwise.local)
  --password <password>    owner's password (default <scale>-password)
  --name <name>            owner's name
  --business <name>        business name
  --today <YYYY-MM-DD>     the day the data leads up to (default today)
  --account-id <id>        account to create (default a fixed id per scale)

Where it writes: the table TABLE_NAME (default "${TABLE_NAME}") at DYNAMO_ENDPOINT when either is
set (no endpoint: AWS, with the usual AWS_* credentials and region); otherwise the local runtime's
data folder (ROUNDWISE_DATA_DIR, default .data), which must not be in use by \`npm start\`.`;

process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED ??= 'true';

function fail(message: string): never {
  console.error(message);
  process.exit(1);
}

const { values } = (() => {
  try {
    return parseArgs({
      options: {
        scale: { type: 'string', default: 'demo' },
        email: { type: 'string' },
        password: { type: 'string' },
        name: { type: 'string' },
        business: { type: 'string' },
        today: { type: 'string' },
        'account-id': { type: 'string' },
        help: { type: 'boolean', short: 'h' },
      },
    });
  } catch (error) {
    return fail(`${(error as Error).message}\n\n${USAGE}`);
  }
})();
if (values.help) {
  console.log(USAGE);
  process.exit(0);
}
const scale = values.scale as Scale;
if (!SCALE_NAMES.includes(scale)) fail(`Unknown scale "${values.scale}".\n\n${USAGE}`);
if (values.today && !/^\d{4}-\d{2}-\d{2}$/.test(values.today)) fail('--today must be YYYY-MM-DD.');
if (values.password !== undefined && values.password.length < 8)
  fail('--password needs at least 8 characters.');
const defaults = defaultOwner(scale);
const owner = {
  email: (values.email ?? defaults.email).trim().toLowerCase(),
  password: values.password ?? defaults.password,
  name: values.name ?? defaults.name,
  businessName: values.business ?? defaults.businessName,
};

/** The table to write to, and how to let go of it afterwards. */
async function connect(): Promise<{
  db: Db;
  where: string;
  files?: SeedOptions['files'];
  close(): Promise<void>;
}> {
  const endpoint = process.env.DYNAMO_ENDPOINT;
  const tableName = process.env.TABLE_NAME;
  if (endpoint || tableName) {
    const db = createDb({
      tableName: tableName || TABLE_NAME,
      ...(endpoint
        ? { endpoint, region: process.env.AWS_REGION || LOCAL_REGION, credentials: awsCredentials() }
        : {}),
    });
    if (endpoint) await ensureTable(db);
    return { db, where: `${db.tableName} at ${endpoint ?? 'AWS'}`, close: async () => db.client.destroy() };
  }
  const dataDir = resolve(process.env.ROUNDWISE_DATA_DIR || join(REPO_ROOT, '.data'));
  const release = await claimDataDir(dataDir);
  try {
    // The runtime's own folder and table (scripts/local), with dynalite in a thread of its own.
    const dynamo = await startDynamo(join(dataDir, 'dynamo'));
    // The receipts of the seeded expenses go in the folder's attachments bucket.
    const files = await localAttachments(dataDir);
    const db = createDb({
      tableName: TABLE_NAME,
      endpoint: dynamo.endpoint,
      region: LOCAL_REGION,
      credentials: { ...LOCAL_CREDENTIALS },
    });
    await ensureTable(db, 10_000);
    return {
      db,
      where: `${join(dataDir, 'dynamo')} (table ${TABLE_NAME})`,
      files: files.put,
      close: async () => {
        db.client.destroy();
        await dynamo.stop();
        await files.stop();
        await release();
      },
    };
  } catch (error) {
    await release();
    throw error;
  }
}

const awsCredentials = () => ({
  accessKeyId: process.env.AWS_ACCESS_KEY_ID || LOCAL_CREDENTIALS.accessKeyId,
  secretAccessKey: process.env.AWS_SECRET_ACCESS_KEY || LOCAL_CREDENTIALS.secretAccessKey,
});

/**
 * Takes the local runtime's lock file (`runtime.pid`) for the seed's duration: one dynalite per
 * LevelDB folder, so a running `npm start` must be stopped first, and it cannot start meanwhile.
 */
async function claimDataDir(dataDir: string): Promise<() => Promise<void>> {
  try {
    return await lockDataDir(dataDir);
  } catch (error) {
    fail(error instanceof Error ? error.message : String(error));
  }
}

const started = performance.now();
const target = await connect().catch((error: unknown) =>
  fail(`Could not open the table: ${(error as Error).message}`),
);
console.log(`Seeding a ${scale} business into ${target.where}...`);
let lastShown = 0;
try {
  const result = await seedAccount(target.db, {
    scale,
    owner,
    // Against AWS, latency rather than the engine limits: keep more batches in flight.
    parallel: process.env.TABLE_NAME && !process.env.DYNAMO_ENDPOINT ? 4 : 1,
    ...(values.today ? { today: values.today } : {}),
    // Against a table of its own (AWS), the receipts are left out: no bucket is named here.
    ...(target.files ? { files: target.files } : {}),
    ...(values['account-id'] ? { accountId: values['account-id'] } : {}),
    progress: (written, total) => {
      if (process.stdout.isTTY && performance.now() - lastShown > 500) {
        lastShown = performance.now();
        process.stdout.write(`\r  ${written} / ${total} entities`);
      }
    },
  });
  if (process.stdout.isTTY && lastShown) process.stdout.write('\r\x1b[K');
  const total = Object.values(result.counts).reduce((a, b) => a + b, 0);
  const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;
  console.log(
    [
      `Seeded account ${result.accountId}:`,
      ...Object.entries(result.counts).map(([type, n]) => `  ${type.padEnd(13)} ${n}`),
      `  ${'total'.padEnd(13)} ${total}`,
      `Sign in as:`,
      ...result.users.map((u) => `  ${u.role.padEnd(7)} ${u.email} / ${u.password}`),
      `Took ${seconds(performance.now() - started)} (users ${seconds(result.timings.users)}; then, side by side, generate ${seconds(result.timings.generate)} and write ${seconds(result.timings.write)}).`,
    ].join('\n'),
  );
} catch (error) {
  console.error(`\nSeed failed: ${error instanceof Error ? error.message : String(error)}`);
  process.exitCode = 1;
} finally {
  await target.close();
}
