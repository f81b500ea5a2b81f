import { parseArgs } from 'node:util';
import { AuthRepository, createDb, EntityRepository } from '@roundwise/db';

/**
 * Once, when the portal leads index reaches a stage (docs/portal.md, "Analytics"): gives every
 * account's portal leads stored before it their index keys, so the analytics count them. Safe to
 * run again (indexes none the second time). With the stage's AWS credentials:
 *
 *   npx tsx scripts/ops/index-portal-leads.ts --table prod-roundwise-table [--region eu-west-2]
 */
const { values } = parseArgs({
  options: { table: { type: 'string' }, region: { type: 'string', default: 'eu-west-2' } },
});
if (!values.table) {
  console.error('Usage: index-portal-leads.ts --table <table> [--region eu-west-2]');
  process.exit(2);
}
const db = createDb({ tableName: values.table, region: values.region });
let total = 0;
for (const { accountId } of await new AuthRepository(db).listAccounts()) {
  total += await new EntityRepository(db, accountId).indexLeads();
}
console.log(`${total} portal leads indexed in ${values.table}.`);
