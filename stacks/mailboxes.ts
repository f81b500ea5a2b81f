import path from 'node:path';
import { Duration } from 'aws-cdk-lib';
import { Peer, Port, SecurityGroup, SubnetType, Vpc } from 'aws-cdk-lib/aws-ec2';
import {
  Cluster,
  ContainerImage,
  FargateService,
  FargateTaskDefinition,
  LogDrivers,
} from 'aws-cdk-lib/aws-ecs';
import { LogGroup, RetentionDays } from 'aws-cdk-lib/aws-logs';
import { type StackContext, use } from 'sst/constructs';
import { readSettings } from './settings.ts';
import { Storage } from './storage.ts';

/** What the image is built from: the repository, less what the service does not run. */
const ROOT = path.resolve(import.meta.dirname, '..');
const IMAGE_EXCLUDE = [
  '**/node_modules',
  '.git',
  '.sst',
  '.data',
  'web',
  'stacks',
  'docs',
  'scripts',
  '**/*.test.ts',
];

/**
 * Two-way email's mailbox service (docs/email.md): one long-lived Fargate task holding every
 * connected business mailbox open over IMAP IDLE (functions/src/lambda/mailbox-service.ts). Not a
 * Lambda: a connection lives for hours and mail is pushed to it. One task (the workers split no
 * mailboxes between them); ECS starts another when it dies, and the cursors in the table let it
 * resume. Public subnets with a public address reach the businesses' mail servers without a NAT
 * gateway; nothing may connect in.
 */
export function Mailboxes({ stack }: StackContext) {
  const { table, environment } = use(Storage);
  const vpc = new Vpc(stack, 'mailbox-vpc', {
    maxAzs: 2,
    natGateways: 0,
    subnetConfiguration: [{ name: 'public', subnetType: SubnetType.PUBLIC }],
  });
  const cluster = new Cluster(stack, 'mailbox-cluster', { vpc });
  const task = new FargateTaskDefinition(stack, 'mailbox-task', { cpu: 256, memoryLimitMiB: 512 });
  task.addContainer('mailbox-service', {
    image: ContainerImage.fromAsset(ROOT, {
      file: 'functions/src/email-engine/Dockerfile',
      exclude: IMAGE_EXCLUDE,
    }),
    environment: { ...environment, ...readSettings().functionEnvironment },
    // Its own log group (a retention setting on the driver would add a Lambda to set it).
    logging: LogDrivers.awsLogs({
      streamPrefix: 'mailboxes',
      logGroup: new LogGroup(stack, 'mailbox-logs', { retention: RetentionDays.ONE_MONTH }),
    }),
    stopTimeout: Duration.seconds(30),
  });
  table.cdk.table.grantReadWriteData(task.taskRole);
  const group = new SecurityGroup(stack, 'mailbox-sg', { vpc, allowAllOutbound: false });
  // Out to mail servers only: IMAP (993, 143), SMTP (465, 587), and HTTPS for DynamoDB and logs.
  for (const port of [993, 143, 465, 587, 443]) group.addEgressRule(Peer.anyIpv4(), Port.tcp(port));
  const service = new FargateService(stack, 'mailbox-service', {
    cluster,
    taskDefinition: task,
    desiredCount: 1,
    // Never two at once: a replacement starts after the old task stopped.
    minHealthyPercent: 0,
    maxHealthyPercent: 100,
    assignPublicIp: true,
    securityGroups: [group],
    vpcSubnets: { subnetType: SubnetType.PUBLIC },
  });
  return { service };
}
