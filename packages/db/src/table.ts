import {
  CreateTableCommand,
  type CreateTableCommandInput,
  DescribeTableCommand,
  ResourceInUseException,
  ResourceNotFoundException,
} from '@aws-sdk/client-dynamodb';
import type { Db } from './client.ts';

/** Key attribute names; the infra stack builds the same table from these. */
export const KEYS = {
  pk: 'pk',
  sk: 'sk',
  gsi1pk: 'gsi1pk',
  gsi1sk: 'gsi1sk',
  gsi2pk: 'gsi2pk',
  gsi2sk: 'gsi2sk',
} as const;
/** The change feed index: `gsi1pk = A#<accountId>`, `gsi1sk = <_updatedAt>#<type>#<_id>`. */
export const GSI1 = 'gsi1';
/** Parent lookups, account members and the account list. */
export const GSI2 = 'gsi2';
/** Epoch seconds; TTL attribute on AWS. dynalite has no TTL: the code treats expired items as absent. */
export const TTL_ATTRIBUTE = 'expiresAt';

export function tableDefinition(tableName: string): CreateTableCommandInput {
  return {
    TableName: tableName,
    BillingMode: 'PAY_PER_REQUEST',
    AttributeDefinitions: Object.values(KEYS).map((name) => ({ AttributeName: name, AttributeType: 'S' })),
    KeySchema: [
      { AttributeName: KEYS.pk, KeyType: 'HASH' },
      { AttributeName: KEYS.sk, KeyType: 'RANGE' },
    ],
    GlobalSecondaryIndexes: [
      {
        IndexName: GSI1,
        KeySchema: [
          { AttributeName: KEYS.gsi1pk, KeyType: 'HASH' },
          { AttributeName: KEYS.gsi1sk, KeyType: 'RANGE' },
        ],
        Projection: { ProjectionType: 'ALL' },
      },
      {
        IndexName: GSI2,
        KeySchema: [
          { AttributeName: KEYS.gsi2pk, KeyType: 'HASH' },
          { AttributeName: KEYS.gsi2sk, KeyType: 'RANGE' },
        ],
        Projection: { ProjectionType: 'ALL' },
      },
    ],
  };
}

/** Creates the table when it is missing and waits until it and its indexes are ACTIVE. */
export async function ensureTable(db: Db, timeoutMs = 120_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  let delay = 25;
  let created = false;
  for (;;) {
    try {
      const { Table } = await db.client.send(new DescribeTableCommand({ TableName: db.tableName }));
      const indexesActive = (Table?.GlobalSecondaryIndexes ?? []).every((i) => i.IndexStatus === 'ACTIVE');
      if (Table?.TableStatus === 'ACTIVE' && indexesActive) return;
    } catch (error) {
      if (!(error instanceof ResourceNotFoundException)) throw error;
      if (!created) {
        try {
          await db.client.send(new CreateTableCommand(tableDefinition(db.tableName)));
        } catch (e) {
          // Someone else is creating it: wait for it like for our own.
          if (!(e instanceof ResourceInUseException)) throw e;
        }
        created = true;
        continue;
      }
    }
    if (Date.now() > deadline)
      throw new Error(`table ${db.tableName} did not become ACTIVE in ${timeoutMs} ms`);
    await new Promise((r) => setTimeout(r, delay));
    delay = Math.min(delay * 2, 1000);
  }
}
