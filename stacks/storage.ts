import { Duration } from 'aws-cdk-lib';
import { BillingMode, Operation } from 'aws-cdk-lib/aws-dynamodb';
import { Bucket, type StackContext, Table } from 'sst/constructs';
import { alarm } from './monitoring.ts';
import { readSettings } from './settings.ts';

/** The table operations the app uses, whose throttles and system errors are watched. */
const OPERATIONS = [
  Operation.GET_ITEM,
  Operation.PUT_ITEM,
  Operation.UPDATE_ITEM,
  Operation.DELETE_ITEM,
  Operation.QUERY,
  Operation.BATCH_GET_ITEM,
  Operation.BATCH_WRITE_ITEM,
  Operation.TRANSACT_GET_ITEMS,
  Operation.TRANSACT_WRITE_ITEMS,
];

/**
 * The single DynamoDB table (key scheme in packages/db/README.md) and the two buckets. All three
 * keep CDK's default removal policy, RETAIN: removing a stage never deletes business data.
 */
export function Storage({ stack }: StackContext) {
  const table = new Table(stack, 'table', {
    fields: {
      pk: 'string',
      sk: 'string',
      gsi1pk: 'string',
      gsi1sk: 'string',
      gsi2pk: 'string',
      gsi2sk: 'string',
    },
    primaryIndex: { partitionKey: 'pk', sortKey: 'sk' },
    globalIndexes: {
      // Change feed: gsi1pk = A#<accountId>, gsi1sk = <_updatedAt>#<_id>.
      gsi1: { partitionKey: 'gsi1pk', sortKey: 'gsi1sk', projection: 'all' },
      gsi2: { partitionKey: 'gsi2pk', sortKey: 'gsi2sk', projection: 'all' },
    },
    // Sessions and idempotency records; the code also treats expired items as absent.
    timeToLiveAttribute: 'expiresAt',
    // SST's defaults, spelled out because the design depends on them.
    cdk: {
      table: {
        billingMode: BillingMode.PAY_PER_REQUEST,
        pointInTimeRecovery: true,
        // The production table cannot be deleted by a stray console click or CLI call.
        deletionProtection: stack.stage === 'prod',
      },
    },
  });
  const five = { period: Duration.minutes(5) };
  alarm(stack, 'table-throttles', {
    metric: table.cdk.table.metricThrottledRequestsForOperations({ ...five, operations: OPERATIONS }),
    threshold: 10,
    description: 'DynamoDB throttled requests to the table (10 or more in 5 minutes).',
  });
  alarm(stack, 'table-system-errors', {
    metric: table.cdk.table.metricSystemErrorsForOperations({ ...five, operations: OPERATIONS }),
    threshold: 1,
    description: 'DynamoDB answered requests to the table with internal errors.',
  });

  const { domain } = readSettings();
  const attachments = new Bucket(stack, 'attachments', {
    blockPublicACLs: true,
    // Browsers upload and download through presigned URLs; the signature is the authorisation.
    cors: [
      {
        allowedMethods: ['GET', 'PUT', 'HEAD'],
        allowedOrigins: domain ? [`https://${domain.domainName}`] : ['*'],
        allowedHeaders: ['*'],
        maxAge: '1 day',
      },
    ],
    cdk: {
      bucket: {
        enforceSSL: true,
        // An upload lands under incoming/ and is moved out once the API has checked and recorded
        // it (functions/src/attachments/bucket.ts); one never recorded is deleted after a day.
        lifecycleRules: [
          { id: 'expire-unrecorded-uploads', prefix: 'incoming/', expiration: Duration.days(1) },
        ],
      },
    },
  });

  const backups = new Bucket(stack, 'backups', {
    blockPublicACLs: true,
    cdk: {
      bucket: {
        enforceSSL: true,
        // Versioned: a backup overwritten or deleted by mistake can still be read back for 30 days.
        versioned: true,
        lifecycleRules: [
          {
            id: 'expire-after-90-days',
            expiration: Duration.days(90),
            noncurrentVersionExpiration: Duration.days(30),
            abortIncompleteMultipartUploadAfter: Duration.days(1),
          },
        ],
      },
    },
  });

  /** What every function that touches storage needs to find it. */
  const environment = {
    TABLE_NAME: table.tableName,
    ATTACHMENTS_BUCKET: attachments.bucketName,
    BACKUPS_BUCKET: backups.bucketName,
    // The dimension of the app's own metrics (functions/src/metrics.ts).
    ROUNDWISE_STAGE: stack.stage,
  };

  stack.addOutputs({ TableName: table.tableName });
  return { table, attachments, backups, environment };
}
