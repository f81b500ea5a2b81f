import { Duration } from 'aws-cdk-lib';
import { BillingMode } from 'aws-cdk-lib/aws-dynamodb';
import { Bucket, type StackContext, Table } from 'sst/constructs';
import { readSettings } from './settings.ts';

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
    cdk: { table: { billingMode: BillingMode.PAY_PER_REQUEST, pointInTimeRecovery: true } },
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
        lifecycleRules: [{ id: 'expire-after-90-days', expiration: Duration.days(90) }],
      },
    },
  });

  /** What every function that touches storage needs to find it. */
  const environment = {
    TABLE_NAME: table.tableName,
    ATTACHMENTS_BUCKET: attachments.bucketName,
    BACKUPS_BUCKET: backups.bucketName,
  };

  stack.addOutputs({ TableName: table.tableName });
  return { table, attachments, backups, environment };
}
