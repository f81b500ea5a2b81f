import { ConditionalCheckFailedException, DescribeTableCommand } from '@aws-sdk/client-dynamodb';
import {
  BatchWriteCommand,
  DeleteCommand,
  GetCommand,
  PutCommand,
  QueryCommand,
  UpdateCommand,
} from '@aws-sdk/lib-dynamodb';
import { Hash } from '@smithy/hash-node';
import { HttpRequest } from '@smithy/protocol-http';
import { SignatureV4 } from '@smithy/signature-v4';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDb, type Db } from './client.ts';
import { DirectClient, operationOf } from './direct.ts';
import { createTestDb, type Engine, LOCAL_CONNECTION, startEngine, TEST_ENGINES } from './test-engines.ts';

/** Every kind of value the repositories store, including the awkward ones. */
const item = (pk: string, sk: string) => ({
  pk,
  sk,
  text: 'Rose Cottage',
  empty: '',
  n: 42.5,
  big: Number.MAX_SAFE_INTEGER,
  flag: false,
  nothing: null,
  list: [1, 'two', { three: 3 }, [], {}],
  map: { a: { b: ['c'] }, empty: {} },
  bytes: new Uint8Array([0, 1, 2, 250, 255]),
});

describe('which calls go direct', () => {
  it('takes the item operations of the document client and leaves the rest to the SDK', () => {
    expect(operationOf(new GetCommand({ TableName: 't', Key: { pk: 'a' } }))).toBe('GetItem');
    expect(operationOf(new PutCommand({ TableName: 't', Item: { pk: 'a' } }))).toBe('PutItem');
    expect(operationOf(new QueryCommand({ TableName: 't' }))).toBe('Query');
    expect(operationOf(new BatchWriteCommand({ RequestItems: {} }))).toBe('BatchWriteItem');
    expect(operationOf(new DescribeTableCommand({ TableName: 't' }))).toBeUndefined();
  });
});

describe('SigV4 signing of direct calls', () => {
  it.each([
    { accessKeyId: 'AKIDEXAMPLE', secretAccessKey: 'wJalrXUtnFEMI/K7MDENG+bPxRfiCYEXAMPLEKEY' },
    { accessKeyId: 'ASIAEXAMPLE', secretAccessKey: 'secret', sessionToken: 'token/with+chars==' },
  ])('signs exactly as the SDK signer does ($accessKeyId)', async (creds) => {
    const now = new Date('2026-11-21T09:15:30.123Z');
    const body = JSON.stringify({ TableName: 't', Key: { pk: { S: 'A#1' }, sk: { S: 'é' } } });
    const direct = new DirectClient({
      region: async () => 'eu-west-2',
      credentials: async () => creds,
      keepAlive: true,
      maxSockets: 1,
      connectionTimeoutMs: 1000,
    });
    const ours = await direct.sign(
      'dynamodb.eu-west-2.amazonaws.com',
      'eu-west-2',
      'DynamoDB_20120810.GetItem',
      body,
      now,
    );
    const signer = new SignatureV4({
      credentials: creds,
      region: 'eu-west-2',
      service: 'dynamodb',
      sha256: Hash.bind(null, 'sha256'),
    });
    const theirs = await signer.sign(
      new HttpRequest({
        method: 'POST',
        protocol: 'https:',
        hostname: 'dynamodb.eu-west-2.amazonaws.com',
        path: '/',
        headers: {
          'content-type': 'application/x-amz-json-1.0',
          host: 'dynamodb.eu-west-2.amazonaws.com',
          'x-amz-target': 'DynamoDB_20120810.GetItem',
          ...(creds.sessionToken ? { 'x-amz-security-token': creds.sessionToken } : {}),
        },
        body,
      }),
      { signingDate: now },
    );
    const signature = (auth: string) => auth.match(/Signature=([0-9a-f]+)/)?.[1];
    expect(ours.authorization).toContain(
      `Credential=${creds.accessKeyId}/20261121/eu-west-2/dynamodb/aws4_request`,
    );
    expect(signature(ours.authorization)).toBe(signature(String(theirs.headers.authorization)));
    direct.destroy();
  });
});

describe.each(TEST_ENGINES)('direct item calls on %s give what the SDK gives', (kind) => {
  let engine: Engine;
  let direct: Db;
  let viaSdk: Db;
  beforeAll(async () => {
    engine = await startEngine(kind);
    direct = await createTestDb(engine);
    viaSdk = createDb({
      tableName: direct.tableName,
      endpoint: engine.endpoint,
      ...LOCAL_CONNECTION,
      direct: false,
    });
  }, 60_000);
  afterAll(async () => {
    direct?.client.destroy();
    viaSdk?.client.destroy();
    await engine?.stop();
  });

  it('writes and reads every kind of value identically in both directions', async () => {
    const TableName = direct.tableName;
    await direct.doc.send(new PutCommand({ TableName, Item: { ...item('P#1', 'a'), gone: undefined } }));
    await viaSdk.doc.send(new PutCommand({ TableName, Item: item('P#1', 'b') }));
    for (const sk of ['a', 'b']) {
      const a = await direct.doc.send(
        new GetCommand({ TableName, Key: { pk: 'P#1', sk }, ConsistentRead: true }),
      );
      const b = await viaSdk.doc.send(
        new GetCommand({ TableName, Key: { pk: 'P#1', sk }, ConsistentRead: true }),
      );
      expect(a.Item).toEqual(b.Item);
      expect(a.Item).toEqual(item('P#1', sk));
      expect(a.Item?.bytes).toBeInstanceOf(Uint8Array);
    }
    const none = await direct.doc.send(new GetCommand({ TableName, Key: { pk: 'P#1', sk: 'zz' } }));
    expect(none.Item).toBeUndefined();
  });

  it('pages a query with the same items and keys, and updates and deletes with the same answers', async () => {
    const TableName = direct.tableName;
    await direct.doc.send(
      new BatchWriteCommand({
        RequestItems: {
          [TableName]: Array.from({ length: 7 }, (_, i) => ({ PutRequest: { Item: item('Q#1', `s${i}`) } })),
        },
      }),
    );
    const query = (db: Db, start?: Record<string, unknown>) =>
      db.doc.send(
        new QueryCommand({
          TableName,
          KeyConditionExpression: 'pk = :pk AND sk > :after',
          ExpressionAttributeValues: { ':pk': 'Q#1', ':after': 's1' },
          Limit: 3,
          ExclusiveStartKey: start,
        }),
      );
    const [a1, b1] = [await query(direct), await query(viaSdk)];
    expect(a1.Items).toEqual(b1.Items);
    expect(a1.LastEvaluatedKey).toEqual({ pk: 'Q#1', sk: 's4' });
    const [a2, b2] = [await query(direct, a1.LastEvaluatedKey), await query(viaSdk, b1.LastEvaluatedKey)];
    expect(a2.Items?.map((i) => i.sk)).toEqual(['s5', 's6']);
    expect(a2.Items).toEqual(b2.Items);

    const update = await direct.doc.send(
      new UpdateCommand({
        TableName,
        Key: { pk: 'Q#1', sk: 's0' },
        UpdateExpression: 'ADD #c :one SET #t = :t',
        ExpressionAttributeNames: { '#c': 'count', '#t': 'text' },
        ExpressionAttributeValues: { ':one': 1, ':t': 'Ivy House' },
        ReturnValues: 'ALL_NEW',
      }),
    );
    expect(update.Attributes).toEqual({ ...item('Q#1', 's0'), count: 1, text: 'Ivy House' });
    const removed = await direct.doc.send(
      new DeleteCommand({ TableName, Key: { pk: 'Q#1', sk: 's0' }, ReturnValues: 'ALL_OLD' }),
    );
    expect(removed.Attributes).toEqual(update.Attributes);
  });

  it('fails a condition with the SDK exception class, and a bad request with the same error name', async () => {
    const TableName = direct.tableName;
    await direct.doc.send(new PutCommand({ TableName, Item: { pk: 'C#1', sk: 'x', v: 1 } }));
    const put = (db: Db) =>
      db.doc.send(
        new PutCommand({
          TableName,
          Item: { pk: 'C#1', sk: 'x', v: 2 },
          ConditionExpression: 'attribute_not_exists(pk)',
        }),
      );
    const ours = await put(direct).catch((e: unknown) => e);
    expect(ours).toBeInstanceOf(ConditionalCheckFailedException);
    const bad = (db: Db) =>
      db.doc.send(new GetCommand({ TableName, Key: { pk: 'C#1' } })).catch((e: Error) => e.name);
    expect(await bad(direct)).toBe(await bad(viaSdk));
    expect(await bad(direct)).toBe('ValidationException');
    const stored = await viaSdk.doc.send(new GetCommand({ TableName, Key: { pk: 'C#1', sk: 'x' } }));
    expect(stored.Item?.v).toBe(1);
  });
});
