import { join, resolve } from 'node:path';
import { createBillingSink } from './billing.ts';
import {
  killingAfterHmrcSubmit,
  killingAfterParts,
  killingBilling,
  killingTable,
  type PurchaseKillPoint,
} from './kill-points.ts';
import { startLocal } from './runtime.ts';

/**
 * The local runtime in a process of its own, for the reliability tests to SIGKILL:
 * DATA_DIR, WEB_DIR, CLOCK_OFFSET_MS (the restarted runtime lives "later", so the leases the
 * killed one held have run out, as they would by the time a real deployment recovers), and
 * KILL_AT with KILL_PURCHASE (the step of that credit purchase at which it kills itself:
 * `kill-points.ts`), or KILL_COMMAND with KILL_AFTER_PARTS (dies after that many transactions of
 * a command written in parts), or KILL_AFTER_HMRC_SUBMIT (dies once HMRC has answered a return);
 * HMRC_URL, HMRC_CLIENT_ID, HMRC_CLIENT_SECRET: a local HMRC kept outside it (it outlives the kill).
 * Prints one JSON line with its addresses once it is ready.
 */
const offset = Number(process.env.CLOCK_OFFSET_MS ?? 0);
const killAt = process.env.KILL_AT as PurchaseKillPoint | undefined;
const purchaseId = process.env.KILL_PURCHASE ?? '';
const billing = createBillingSink(join(resolve(process.env.DATA_DIR ?? '.data'), 'billing'));
const runtime = await startLocal({
  port: 0,
  dataDir: process.env.DATA_DIR,
  webDir: process.env.WEB_DIR,
  quiet: true,
  seed: false,
  billing: killAt ? killingBilling(billing, killAt, purchaseId) : billing,
  ...(offset ? { clock: () => new Date(Date.now() + offset) } : {}),
  ...(process.env.HMRC_URL
    ? {
        hmrc: {
          url: process.env.HMRC_URL,
          clientId: process.env.HMRC_CLIENT_ID ?? '',
          clientSecret: process.env.HMRC_CLIENT_SECRET ?? '',
        },
      }
    : {}),
});
if (process.env.KILL_AFTER_HMRC_SUBMIT) killingAfterHmrcSubmit();
if (killAt) killingTable(runtime.db, killAt, purchaseId);
if (process.env.KILL_COMMAND)
  killingAfterParts(runtime.db, process.env.KILL_COMMAND, Number(process.env.KILL_AFTER_PARTS ?? 1));
console.log(JSON.stringify({ url: runtime.url, dynamo: runtime.endpoints.dynamo, mailDir: runtime.mailDir }));
