import { parseArgs } from 'node:util';
import { createDb, Outbox } from '@roundwise/db';

/**
 * After a point-in-time restore of the table (docs/deploy.md, "Runbook"): marks done, without
 * sending, every effect the restored table holds as pending that could have gone since, and prints
 * each, so an operator can send by hand any that never went. Run it on the restored table before
 * the stage uses it, with the stage's AWS credentials:
 *
 *   npx tsx scripts/ops/settle-outbox.ts --table prod-roundwise-table-restored [--region eu-west-2]
 */
const { values } = parseArgs({
  options: { table: { type: 'string' }, region: { type: 'string', default: 'eu-west-2' } },
});
if (!values.table) {
  console.error('Usage: settle-outbox.ts --table <restored table> [--region eu-west-2]');
  process.exit(2);
}
const settled = await new Outbox(createDb({ tableName: values.table, region: values.region })).settleRestored(
  new Date(),
);
for (const effect of settled) {
  console.log(
    [effect.id, effect.kind, `written ${effect.createdAt}`, effect.dueAt && `due ${effect.dueAt}`]
      .filter(Boolean)
      .join('  '),
  );
}
console.log(`${settled.length} pending effects marked done in ${values.table}; none was sent.`);
