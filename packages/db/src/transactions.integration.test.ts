import { GetCommand, PutCommand, QueryCommand } from '@aws-sdk/lib-dynamodb';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from './client.ts';
import { createTestDb, type Engine, startEngine, TEST_ENGINES } from './test-engines.ts';
import { type TransactItem, TransactionRefused, transactWrite } from './transactions.ts';

/**
 * TransactWriteItems as the code uses it, on both engines: DynamoDB Local is Amazon's own, so it
 * checks that dynalite's added transactions (`dynalite-transactions.cjs`) behave the same.
 */
describe.each(TEST_ENGINES)('transactions on %s', (kind) => {
  let engine: Engine;
  let db: Db;
  beforeAll(async () => {
    engine = await startEngine(kind);
    db = await createTestDb(engine);
  }, 60_000);
  afterAll(() => engine?.stop());

  const get = async (pk: string, sk = 'S') =>
    (await db.doc.send(new GetCommand({ TableName: db.tableName, Key: { pk, sk }, ConsistentRead: true })))
      .Item;
  const put = (Item: Record<string, unknown>, ConditionExpression?: string): TransactItem => ({
    Put: { TableName: db.tableName, Item, ...(ConditionExpression ? { ConditionExpression } : {}) },
  });

  it('writes every item, index entries included, or none when one condition fails', async () => {
    await db.doc.send(new PutCommand({ TableName: db.tableName, Item: { pk: 'tx-a', sk: 'S', n: 1 } }));
    const refused = await transactWrite(db, [
      put({ pk: 'tx-b', sk: 'S', gsi2pk: 'TX-IDX', gsi2sk: 'b' }, 'attribute_not_exists(pk)'),
      put({ pk: 'tx-a', sk: 'S', n: 2 }, 'attribute_not_exists(pk)'),
    ]).catch((e: unknown) => e);
    expect(refused).toBeInstanceOf(TransactionRefused);
    expect((refused as TransactionRefused).reasons).toEqual(['None', 'ConditionalCheckFailed']);
    expect((refused as TransactionRefused).failedCondition(1)).toBe(true);
    expect(await get('tx-b')).toBeUndefined();
    expect((await get('tx-a'))?.n).toBe(1);

    await transactWrite(db, [
      put({ pk: 'tx-b', sk: 'S', gsi2pk: 'TX-IDX', gsi2sk: 'b' }, 'attribute_not_exists(pk)'),
      {
        Delete: {
          TableName: db.tableName,
          Key: { pk: 'tx-a', sk: 'S' },
          ConditionExpression: 'n = :n',
          ExpressionAttributeValues: { ':n': 1 },
        },
      },
      {
        ConditionCheck: {
          TableName: db.tableName,
          Key: { pk: 'tx-c', sk: 'S' },
          ConditionExpression: 'attribute_not_exists(pk)',
        },
      },
    ]);
    expect(await get('tx-a')).toBeUndefined();
    expect(await get('tx-c')).toBeUndefined();
    const indexed = await db.doc.send(
      new QueryCommand({
        TableName: db.tableName,
        IndexName: 'gsi2',
        KeyConditionExpression: 'gsi2pk = :p',
        ExpressionAttributeValues: { ':p': 'TX-IDX' },
      }),
    );
    expect(indexed.Items?.map((i) => i.pk)).toEqual(['tx-b']);
  });

  it('a put that takes an item off an index removes its index entry', async () => {
    await transactWrite(db, [put({ pk: 'tx-i', sk: 'S', gsi2pk: 'TX-IDX2', gsi2sk: 'i' })]);
    await transactWrite(db, [put({ pk: 'tx-i', sk: 'S', done: true })]);
    const indexed = await db.doc.send(
      new QueryCommand({
        TableName: db.tableName,
        IndexName: 'gsi2',
        KeyConditionExpression: 'gsi2pk = :p',
        ExpressionAttributeValues: { ':p': 'TX-IDX2' },
      }),
    );
    expect(indexed.Items).toEqual([]);
  });

  it('refuses two operations on one item and more than 100 items, writing nothing', async () => {
    await expect(
      transactWrite(db, [put({ pk: 'tx-d', sk: 'S' }), put({ pk: 'tx-d', sk: 'S', n: 2 })]),
    ).rejects.toThrow(/multiple operations on one item/i);
    const many = Array.from({ length: 101 }, (_, i) => put({ pk: `tx-m${i}`, sk: 'S' }));
    await expect(transactWrite(db, many)).rejects.toThrow();
    expect(await get('tx-d')).toBeUndefined();
    expect(await get('tx-m0')).toBeUndefined();
    await transactWrite(db, many.slice(0, 100));
    expect(await get('tx-m99')).toBeDefined();
  });
});
