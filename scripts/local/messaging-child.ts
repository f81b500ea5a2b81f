import { startLocal } from './runtime.ts';

/**
 * The local runtime in a process of its own, for the messaging reliability test to SIGKILL:
 * DATA_DIR, WEB_DIR, CLOCK_OFFSET_MS (the restarted runtime lives "later", so the leases the
 * killed one held have run out, as they would by the time a real deployment recovers). Prints
 * one JSON line with its addresses once it is ready.
 */
const offset = Number(process.env.CLOCK_OFFSET_MS ?? 0);
const runtime = await startLocal({
  port: 0,
  dataDir: process.env.DATA_DIR,
  webDir: process.env.WEB_DIR,
  quiet: true,
  seed: false,
  ...(offset ? { clock: () => new Date(Date.now() + offset) } : {}),
});
console.log(JSON.stringify({ url: runtime.url, dynamo: runtime.endpoints.dynamo, mailDir: runtime.mailDir }));
