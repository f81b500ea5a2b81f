import { DynamoDBClient, type DynamoDBClientConfig } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';

export interface DbConfig {
  tableName: string;
  /** A local engine (dynalite, DynamoDB Local); omitted on AWS. */
  endpoint?: string;
  /** Defaults to the SDK's own resolution on AWS (AWS_REGION), and to 'local' with an endpoint. */
  region?: string;
  credentials?: { accessKeyId: string; secretAccessKey: string };
  /** Sockets per agent; 64 by default. */
  maxSockets?: number;
  /** Measurement only: turn connection reuse off. */
  keepAlive?: boolean;
}

export interface Db {
  client: DynamoDBClient;
  doc: DynamoDBDocumentClient;
  tableName: string;
}

/**
 * The SDK's default no-op logger has an `info` method, so its logger middleware copies every
 * response through a sensitive-data filter before discarding it: a quarter of the CPU of a full
 * sync, measured. Without `info` the middleware skips the copy. Errors still surface as thrown.
 */
const quietLogger = {
  debug() {},
  warn() {},
  error() {},
  trace() {},
} as unknown as DynamoDBClientConfig['logger'];

/**
 * The SDK client for the table. Connections are kept alive and reused: against the local engine
 * (plain HTTP on 127.0.0.1) a new connection per request costs measurably more (see README).
 */
export function createDb(config: DbConfig): Db {
  const agent = { keepAlive: config.keepAlive ?? true, maxSockets: config.maxSockets ?? 64 };
  const client = new DynamoDBClient({
    ...(config.endpoint ? { endpoint: config.endpoint } : {}),
    ...(config.region ? { region: config.region } : config.endpoint ? { region: 'local' } : {}),
    ...(config.credentials ? { credentials: config.credentials } : {}),
    requestHandler: { httpAgent: agent, httpsAgent: agent, connectionTimeout: 5000 },
    logger: quietLogger,
  });
  const doc = DynamoDBDocumentClient.from(client, {
    marshallOptions: { removeUndefinedValues: true, convertClassInstanceToMap: false },
    unmarshallOptions: { wrapNumbers: false },
  });
  return { client, doc, tableName: config.tableName };
}
