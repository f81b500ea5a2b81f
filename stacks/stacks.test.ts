import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { runInNewContext } from 'node:vm';
import { Aspects, App as CdkApp, Stack as CdkStack, type CfnElement } from 'aws-cdk-lib';
import { Match, Template } from 'aws-cdk-lib/assertions';
import { Code, Function as LambdaFunction, Runtime } from 'aws-cdk-lib/aws-lambda';
import { App, getStack, type Function as SstFunction, use, useFunctions } from 'sst/constructs';
import { initProject } from 'sst/project.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type LogLine, setLogSink } from '../functions/src/log.ts';
import { heartbeat, METRIC, putMetric } from '../functions/src/metrics.ts';
import { API_CSP, PUBLIC_PAGE_CSP } from '../functions/src/security-headers.ts';
import config from '../sst.config.ts';
import { API } from './api.ts';
import { Mailboxes } from './mailboxes.ts';
import { Monitoring } from './monitoring.ts';
import { BulkSend } from './queue.ts';
import { isCurrentRuntime, NODE_RUNTIME, NoRetiredRuntimes } from './runtimes.ts';
import {
  NIGHTLY_BACKUP_SCHEDULE,
  OUTBOX_DUE_SCHEDULE,
  OUTBOX_SWEEP_SCHEDULE,
  PAYMENTS_PULL_SCHEDULE,
  Schedules,
} from './schedules.ts';
import { DEFAULT_MONTHLY_BUDGET_USD, readSettings } from './settings.ts';
import { Storage } from './storage.ts';
import { PORTAL_ROUTING, PREBUILT_WEB_CONTEXT, PUBLIC_QUOTE_ROUTING, VIEWER_HEADERS, Web } from './web.ts';

/**
 * Offline synth of the whole app, the way SST's docs test stacks: `initProject` loads
 * sst.config.ts, then an `App` in deploy mode runs the stacks. Then `app.finish()` runs SST's
 * deferred work as `sst deploy` does: it builds every function with SST's esbuild (into .sst/),
 * sets each function's real runtime (until then SST puts a nodejs22.x placeholder in the
 * template), and adds the site's uploader. Nothing here talks to AWS: the account is a
 * placeholder, NODE_ENV=test makes SST skip its bootstrap lookups, and the site is a stand-in
 * directory passed through CDK context instead of a vite build.
 */
const root = path.resolve(import.meta.dirname, '..');

/** Deploy-time settings (stacks/settings.ts); the tests synthesise the app without any. */
const SETTINGS =
  'APP_DOMAIN APP_HOSTED_ZONE APP_CERTIFICATE_ARN PUBLIC_URL MAIL_FROM SMTP_HOST SMTP_PORT SMTP_USER SMTP_PASSWORD SMS_API_URL SMS_API_KEY WEBHOOK_SECRET MAILBOX_SECRET PHOTO_API_URL PHOTO_API_KEY ALARM_EMAIL ALARM_MONTHLY_BUDGET_USD';

const CERTIFICATE = 'arn:aws:acm:us-east-1:123456789012:certificate/00000000-0000-0000-0000-000000000000';

/** The stand-in site: what a vite build writes, hashed files under assets/. */
const SITE_FILES = [
  'index.html',
  'sw.js',
  'manifest.webmanifest',
  'favicon.svg',
  'registerSW.js',
  'assets/index-B1xkVc0q.js',
  'assets/index-DhT3aR9n.css',
  'assets/logo-C4s2Qm8p.svg',
];

/** An inline script in the stand-in index.html, like web/index.html's two: allowed by hash only. */
const INLINE_SCRIPT = "document.documentElement.classList.add('dark');";

let site: string;
let templates: Record<
  'monitoring' | 'storage' | 'queue' | 'api' | 'schedules' | 'mailboxes' | 'web',
  Template
>;

beforeAll(async () => {
  site = mkdtempSync(path.join(os.tmpdir(), 'roundwise-site-'));
  mkdirSync(path.join(site, 'assets'));
  for (const file of SITE_FILES) writeFileSync(path.join(site, file), `/* ${file} */`);
  writeFileSync(
    path.join(site, 'index.html'),
    `<!doctype html><title>Roundwise</title><script>${INLINE_SCRIPT}</script>`,
  );

  // Without it, app.finish() asks AWS for SST's bootstrap bucket.
  process.env.NODE_ENV = 'test';
  await initProject({ root, stage: 'test' });
  // After initProject, which loads .env.test into the environment.
  for (const name of SETTINGS.split(' ')) delete process.env[name];
  const app = new App(
    { mode: 'deploy', name: 'roundwise', stage: 'test', region: 'eu-west-2', account: '123456789012' },
    { context: { [PREBUILT_WEB_CONTEXT]: site } },
  );
  await config.stacks(app);
  await app.finish();
  templates = {
    monitoring: Template.fromStack(getStack(Monitoring)),
    storage: Template.fromStack(getStack(Storage)),
    queue: Template.fromStack(getStack(BulkSend)),
    api: Template.fromStack(getStack(API)),
    schedules: Template.fromStack(getStack(Schedules)),
    mailboxes: Template.fromStack(getStack(Mailboxes)),
    web: Template.fromStack(getStack(Web)),
  };
}, 180_000);

afterAll(() => {
  if (site) rmSync(site, { recursive: true, force: true });
});

/** The handler an SST function was declared with. */
const handlerOf = (fn: SstFunction | undefined) =>
  fn ? useFunctions().fromID(fn.node.addr)?.handler : undefined;

/** The logical id of a function's CloudFormation resource in its stack's template. */
const logicalIdOf = (stack: Parameters<typeof getStack>[0], fn: SstFunction) =>
  getStack(stack).getLogicalId(fn.node.defaultChild as CfnElement);

/** The runtime of every Lambda function in the templates, SST's and CDK's own included. */
const lambdaRuntimes = (all: Template[]) =>
  all.flatMap((t) =>
    Object.values(t.findResources('AWS::Lambda::Function')).map((r) => r.Properties.Runtime as string),
  );

/** The single resource of a type whose properties match, with its logical id. */
function only(template: Template, type: string, props: Record<string, unknown> = {}) {
  const found = Object.entries(template.findResources(type, { Properties: props }));
  expect(found).toHaveLength(1);
  const [id, resource] = found[0]!;
  return { id, properties: resource.Properties as Record<string, unknown> };
}

describe('storage', () => {
  it('has one table keyed pk/sk with gsi1 and gsi2, TTL on expiresAt, on demand, with PITR', () => {
    const table = only(templates.storage, 'AWS::DynamoDB::Table');
    const key = (hash: string, range: string) => [
      { AttributeName: hash, KeyType: 'HASH' },
      { AttributeName: range, KeyType: 'RANGE' },
    ];
    expect(table.properties).toMatchObject({
      KeySchema: key('pk', 'sk'),
      BillingMode: 'PAY_PER_REQUEST',
      TimeToLiveSpecification: { AttributeName: 'expiresAt', Enabled: true },
      PointInTimeRecoverySpecification: { PointInTimeRecoveryEnabled: true },
    });
    expect(table.properties.AttributeDefinitions).toEqual(
      expect.arrayContaining(
        ['pk', 'sk', 'gsi1pk', 'gsi1sk', 'gsi2pk', 'gsi2sk'].map((name) => ({
          AttributeName: name,
          AttributeType: 'S',
        })),
      ),
    );
    expect(table.properties.GlobalSecondaryIndexes).toEqual([
      { IndexName: 'gsi1', KeySchema: key('gsi1pk', 'gsi1sk'), Projection: { ProjectionType: 'ALL' } },
      { IndexName: 'gsi2', KeySchema: key('gsi2pk', 'gsi2sk'), Projection: { ProjectionType: 'ALL' } },
    ]);
    templates.storage.hasResource('AWS::DynamoDB::Table', { DeletionPolicy: 'Retain' });
    // Deletion protection is the production table's alone (its synth is below): other stages'
    // tables are deleted by hand once removed.
    expect(table.properties.DeletionProtectionEnabled).toBe(false);
  });

  it('keeps the backups versioned: a version overwritten or deleted stays 30 days', () => {
    const backups = only(templates.storage, 'AWS::S3::Bucket', {
      LifecycleConfiguration: { Rules: [Match.objectLike({ ExpirationInDays: 90 })] },
    });
    expect(backups.properties.VersioningConfiguration).toEqual({ Status: 'Enabled' });
    expect(backups.properties.LifecycleConfiguration).toEqual({
      Rules: [
        expect.objectContaining({
          Status: 'Enabled',
          ExpirationInDays: 90,
          NoncurrentVersionExpiration: { NoncurrentDays: 30 },
          AbortIncompleteMultipartUpload: { DaysAfterInitiation: 1 },
        }),
      ],
    });
  });

  it('has private attachments and backups buckets, kept on removal; backups expire after 90 days', () => {
    const buckets = templates.storage.findResources('AWS::S3::Bucket');
    expect(Object.keys(buckets)).toHaveLength(2);
    for (const bucket of Object.values(buckets)) {
      expect(bucket.DeletionPolicy).toBe('Retain');
      expect(bucket.Properties.PublicAccessBlockConfiguration).toEqual({
        BlockPublicAcls: true,
        BlockPublicPolicy: true,
        IgnorePublicAcls: true,
        RestrictPublicBuckets: true,
      });
    }
    only(templates.storage, 'AWS::S3::Bucket', {
      LifecycleConfiguration: { Rules: [Match.objectLike({ ExpirationInDays: 90, Status: 'Enabled' })] },
    });
    // Attachments: uploads never recorded (left under incoming/) go after a day; files stay.
    only(templates.storage, 'AWS::S3::Bucket', {
      LifecycleConfiguration: {
        Rules: [Match.objectLike({ Prefix: 'incoming/', ExpirationInDays: 1, Status: 'Enabled' })],
      },
    });
  });
});

describe('bulk-send queue', () => {
  it('dead-letters a job after 5 receives', () => {
    const dlq = only(templates.queue, 'AWS::SQS::Queue', { MessageRetentionPeriod: 14 * 24 * 3600 });
    only(templates.queue, 'AWS::SQS::Queue', {
      RedrivePolicy: { deadLetterTargetArn: { 'Fn::GetAtt': [dlq.id, 'Arn'] }, maxReceiveCount: 5 },
    });
  });

  it('is consumed by the queue worker, reporting failures per record', () => {
    const { queue } = use(BulkSend);
    expect(handlerOf(queue.consumerFunction as SstFunction)).toBe(
      'functions/src/lambda/queue-worker.handler',
    );
    templates.queue.hasResourceProperties('AWS::Lambda::EventSourceMapping', {
      FunctionName: { Ref: logicalIdOf(BulkSend, queue.consumerFunction as SstFunction) },
      FunctionResponseTypes: ['ReportBatchItemFailures'],
      BatchSize: 10,
    });
    // The visibility timeout must cover the worker's timeout or SQS redelivers running jobs.
    templates.queue.hasResourceProperties('AWS::SQS::Queue', { VisibilityTimeout: 360 });
  });

  it('lets the worker read the backups bucket and hand a restore on to its own queue', () => {
    const { queue } = use(BulkSend);
    const functionId = logicalIdOf(BulkSend, queue.consumerFunction as SstFunction);
    const variables = templates.queue.toJSON().Resources[functionId].Properties.Environment.Variables;
    expect(Object.keys(variables)).toEqual(expect.arrayContaining(['BACKUPS_BUCKET', 'BULK_SEND_QUEUE_URL']));
    const policies = JSON.stringify(templates.queue.findResources('AWS::IAM::Policy'));
    expect(policies).toContain('sqs:SendMessage');
  });
});

describe('api', () => {
  it('routes ANY /api/{proxy+} to the API function', () => {
    const fn = use(API).api.getFunction('ANY /api/{proxy+}');
    expect(handlerOf(fn)).toBe('functions/src/lambda/api.handler');
    const functionId = logicalIdOf(API, fn!);
    const integration = only(templates.api, 'AWS::ApiGatewayV2::Integration', {
      IntegrationType: 'AWS_PROXY',
      IntegrationUri: { 'Fn::GetAtt': [functionId, 'Arn'] },
      PayloadFormatVersion: '2.0',
    });
    only(templates.api, 'AWS::ApiGatewayV2::Route', {
      RouteKey: 'ANY /api/{proxy+}',
      Target: { 'Fn::Join': ['', ['integrations/', { Ref: integration.id }]] },
    });
    const variables = templates.api.toJSON().Resources[functionId].Properties.Environment.Variables;
    expect(Object.keys(variables)).toEqual(
      expect.arrayContaining(['TABLE_NAME', 'ATTACHMENTS_BUCKET', 'BACKUPS_BUCKET', 'BULK_SEND_QUEUE_URL']),
    );
  });
});

describe('places', () => {
  it('has a place index, a route calculator, a street map and a key for that map only', () => {
    only(templates.api, 'AWS::Location::PlaceIndex', {
      DataSource: 'Here',
      DataSourceConfiguration: { IntendedUse: 'Storage' },
    });
    only(templates.api, 'AWS::Location::RouteCalculator', { DataSource: 'Here' });
    const map = only(templates.api, 'AWS::Location::Map', {
      Configuration: { Style: 'VectorHereExplore' },
    });
    only(templates.api, 'AWS::Location::APIKey', {
      NoExpiry: true,
      Restrictions: { AllowActions: ['geo:GetMap*'], AllowResources: [{ 'Fn::GetAtt': [map.id, 'Arn'] }] },
    });
  });

  it('lets the API function search, read places and route, and tells it their names', () => {
    const fn = use(API).api.getFunction('ANY /api/{proxy+}');
    const functionId = logicalIdOf(API, fn!);
    const variables = templates.api.toJSON().Resources[functionId].Properties.Environment.Variables;
    expect(Object.keys(variables)).toEqual(
      expect.arrayContaining(['PLACE_INDEX_NAME', 'ROUTE_CALCULATOR_NAME', 'MAP_NAME', 'MAP_KEY_NAME']),
    );
    const actions = Object.values(templates.api.findResources('AWS::IAM::Policy')).flatMap((p) =>
      (p.Properties.PolicyDocument.Statement as { Action: string | string[] }[]).flatMap((st) =>
        Array.isArray(st.Action) ? st.Action : [st.Action],
      ),
    );
    expect(actions).toEqual(
      expect.arrayContaining([
        'geo:SearchPlaceIndexForSuggestions',
        'geo:GetPlace',
        'geo:CalculateRoute',
        'geo:DescribeKey',
      ]),
    );
    expect(actions.some((a) => a === 'geo:*' || a === '*')).toBe(false);
  });

  it("allows the site to load Amazon Location's map", () => {
    const policies = Object.values(templates.web.findResources('AWS::CloudFront::ResponseHeadersPolicy'));
    const csp = JSON.stringify(policies);
    expect(csp).toContain('https://maps.geo.eu-west-2.amazonaws.com');
  });
});

describe('schedules', () => {
  it.each([
    ['nightlyBackup', NIGHTLY_BACKUP_SCHEDULE, 'cron(0 2 * * ? *)'],
    ['outboxSweep', OUTBOX_SWEEP_SCHEDULE, 'rate(5 minutes)'],
    ['outboxDue', OUTBOX_DUE_SCHEDULE, 'rate(1 minute)'],
    ['paymentsPull', PAYMENTS_PULL_SCHEDULE, 'rate(15 minutes)'],
  ] as const)('runs %s on %s', (name, schedule, expression) => {
    expect(schedule).toBe(expression);
    const cron = use(Schedules)[name];
    expect(handlerOf(cron.jobFunction)).toBe(`functions/src/lambda/schedules.${name}`);
    const rule = only(templates.schedules, 'AWS::Events::Rule', { ScheduleExpression: expression });
    const functionId = logicalIdOf(Schedules, cron.jobFunction);
    expect(rule.properties.Targets).toEqual([
      expect.objectContaining({ Arn: { 'Fn::GetAtt': [functionId, 'Arn'] } }),
    ]);
  });
});

/** Every alarm the stacks define, by the name the runbook (docs/deploy.md) knows it by. */
const FUNCTIONS = ['api', 'queue-worker', 'nightly-backup', 'outbox-sweep', 'outbox-due', 'payments-pull'];
const ALARMS = [
  'dead-letters',
  'api-5xx',
  ...FUNCTIONS.flatMap((name) => [`${name}-errors`, `${name}-throttles`]),
  'table-throttles',
  'table-system-errors',
  'nightly-backup-missed',
  'payments-pull-missed',
  'outbox-age',
];

/** A metric in an alarm's template: the alarm's own, or one of its math expression's. */
interface MetricStat {
  Metric: { Namespace: string; MetricName: string; Dimensions: { Name: string; Value: unknown }[] };
  Stat: string;
}

/** Each alarm in the app's templates, by its name without the `test-roundwise-` prefix. */
function alarmsByName() {
  const found: Record<string, { stack: Template; properties: Record<string, unknown> }> = {};
  for (const stack of Object.values(templates)) {
    for (const resource of Object.values(stack.findResources('AWS::CloudWatch::Alarm'))) {
      const name = String(resource.Properties.AlarmName).replace(/^test-roundwise-/, '');
      expect(found[name], name).toBeUndefined();
      found[name] = { stack, properties: resource.Properties };
    }
  }
  return found;
}

/** The one app function each stack's function alarms watch, by its short name. */
function appFunction(name: string): [Parameters<typeof getStack>[0], SstFunction] {
  if (name === 'api') return [API, use(API).api.getFunction('ANY /api/{proxy+}')!];
  if (name === 'queue-worker') return [BulkSend, use(BulkSend).queue.consumerFunction as SstFunction];
  const key = name.replace(/-(\w)/g, (_, c: string) => c.toUpperCase()) as
    | 'nightlyBackup'
    | 'outboxSweep'
    | 'outboxDue'
    | 'paymentsPull';
  return [Schedules, use(Schedules)[key].jobFunction];
}

describe('mailboxes', () => {
  it("holds the businesses' mailboxes open in one long-lived Fargate task, not a Lambda", () => {
    // Only SST's own handler of the stack's custom resources: the service is no Lambda.
    templates.mailboxes.resourceCountIs('AWS::Lambda::Function', 1);
    const service = only(templates.mailboxes, 'AWS::ECS::Service');
    expect(service.properties).toMatchObject({
      LaunchType: 'FARGATE',
      DesiredCount: 1,
      DeploymentConfiguration: { MaximumPercent: 100, MinimumHealthyPercent: 0 },
    });
    const task = only(templates.mailboxes, 'AWS::ECS::TaskDefinition');
    const container = (task.properties.ContainerDefinitions as { Environment: { Name: string }[] }[])[0]!;
    expect(container.Environment.map((e) => e.Name)).toContain('TABLE_NAME');
  });

  it('lets the service out to mail and HTTPS ports only', () => {
    const group = only(templates.mailboxes, 'AWS::EC2::SecurityGroup');
    const ports = (group.properties.SecurityGroupEgress as { FromPort: number }[])
      .map((r) => r.FromPort)
      .sort();
    expect(ports).toEqual([143, 443, 465, 587, 993]);
  });
});

describe('alarms', () => {
  it('defines exactly the alarms the runbook names, each mailing the on-call topic when it fires and clears', () => {
    const alarms = alarmsByName();
    expect(Object.keys(alarms).sort()).toEqual([...ALARMS].sort());
    const topic = only(templates.monitoring, 'AWS::SNS::Topic');
    for (const [name, { stack, properties }] of Object.entries(alarms)) {
      // The topic's ARN, directly in its own stack or imported from it.
      const target = stack === templates.monitoring ? { Ref: topic.id } : expect.anything();
      expect(properties.AlarmActions, name).toEqual([target]);
      expect(properties.OKActions, name).toEqual(properties.AlarmActions);
      if (stack !== templates.monitoring) {
        expect(JSON.stringify(properties.AlarmActions), name).toContain(`ExportsOutputRef${topic.id}`);
      }
    }
    const runbook = readFileSync(path.join(root, 'docs/deploy.md'), 'utf8');
    const section = runbook.slice(runbook.indexOf('## Runbook'));
    expect(section.length).toBeGreaterThan(20);
    for (const name of ALARMS) expect(section, name).toContain(`\`${name}\``);
  });

  it('fires when a job is waiting in the dead-letter queue', () => {
    const { properties } = alarmsByName()['dead-letters']!;
    const dlq = only(templates.queue, 'AWS::SQS::Queue', { MessageRetentionPeriod: 14 * 24 * 3600 });
    expect(properties).toMatchObject({
      Namespace: 'AWS/SQS',
      MetricName: 'ApproximateNumberOfMessagesVisible',
      Dimensions: [{ Name: 'QueueName', Value: { 'Fn::GetAtt': [dlq.id, 'QueueName'] } }],
      Statistic: 'Maximum',
      ComparisonOperator: 'GreaterThanOrEqualToThreshold',
      Threshold: 1,
    });
  });

  it('fires when 5% of API requests answer 5xx for 10 minutes', () => {
    const { properties } = alarmsByName()['api-5xx']!;
    const apiId = getStack(API).getLogicalId(use(API).api.cdk.httpApi.node.defaultChild as CfnElement);
    expect(properties).toMatchObject({ Threshold: 5, EvaluationPeriods: 2, DatapointsToAlarm: 2 });
    const metrics = properties.Metrics as { Id: string; Expression?: string; MetricStat?: MetricStat }[];
    expect(metrics.find((m) => m.Expression)?.Expression).toBe(
      'IF(requests >= 20, 100 * errors / requests, 0)',
    );
    const stat = (id: string) => metrics.find((m) => m.Id === id)?.MetricStat;
    for (const [id, metricName] of [
      ['errors', '5xx'],
      ['requests', 'Count'],
    ]) {
      expect(stat(id!)).toMatchObject({
        Metric: {
          Namespace: 'AWS/ApiGateway',
          MetricName: metricName,
          Dimensions: [{ Name: 'ApiId', Value: { Ref: apiId } }],
        },
        Stat: 'Sum',
      });
    }
  });

  it.each(FUNCTIONS)('watches the %s function: errors, throttles, its logs kept 90 days, traced', (name) => {
    const [stack, fn] = appFunction(name);
    const functionId = logicalIdOf(stack, fn);
    const alarms = alarmsByName();
    for (const metricName of ['Errors', 'Throttles']) {
      expect(alarms[`${name}-${metricName.toLowerCase()}`]?.properties).toMatchObject({
        Namespace: 'AWS/Lambda',
        MetricName: metricName,
        Dimensions: [{ Name: 'FunctionName', Value: { Ref: functionId } }],
        Statistic: 'Sum',
        Threshold: 1,
      });
    }
    const template = Template.fromStack(getStack(stack));
    const props = template.toJSON().Resources[functionId].Properties;
    expect(props.TracingConfig).toEqual({ Mode: 'Active' });
    const group = props.LoggingConfig?.LogGroup as { Ref: string };
    expect(template.toJSON().Resources[group.Ref]).toMatchObject({
      Type: 'AWS::Logs::LogGroup',
      Properties: { RetentionInDays: 90 },
    });
  });

  it('fires on DynamoDB throttling and system errors on the table', () => {
    const alarms = alarmsByName();
    const table = only(templates.storage, 'AWS::DynamoDB::Table');
    for (const [name, metricName] of [
      ['table-throttles', 'ThrottledRequests'],
      ['table-system-errors', 'SystemErrors'],
    ] as const) {
      const metrics = alarms[name]!.properties.Metrics as { MetricStat?: MetricStat }[];
      const watched = metrics.flatMap((m) => (m.MetricStat ? [m.MetricStat.Metric] : []));
      expect(watched.length, name).toBeGreaterThanOrEqual(9);
      for (const metric of watched) {
        expect(metric).toMatchObject({ Namespace: 'AWS/DynamoDB', MetricName: metricName });
        expect(metric.Dimensions).toEqual(
          expect.arrayContaining([{ Name: 'TableName', Value: { Ref: table.id } }]),
        );
      }
      expect(JSON.stringify(watched)).toContain('TransactWriteItems');
    }
  });

  it("fires when the nightly backup or the payments pull has not succeeded on time (the schedule's heartbeat)", () => {
    const alarms = alarmsByName();
    // The heartbeat each job writes, as CloudWatch reads it from its log line.
    const lines: LogLine[] = [];
    const restore = setLogSink((line) => lines.push(line));
    try {
      process.env.ROUNDWISE_STAGE = 'test';
      heartbeat('nightlyBackup');
      heartbeat('paymentsPull');
    } finally {
      restore();
      delete process.env.ROUNDWISE_STAGE;
    }
    for (const [name, job, hours] of [
      ['nightly-backup-missed', 'nightlyBackup', 26],
      ['payments-pull-missed', 'paymentsPull', 2],
    ] as const) {
      const written = lines.find((line) => line.Job === job)!;
      const emf = (written._aws as { CloudWatchMetrics: { Namespace: string; Dimensions: string[][] }[] })
        .CloudWatchMetrics[0]!;
      const dimensions = emf.Dimensions[0]!.map((key) => ({
        Name: key,
        Value: written[key as keyof LogLine],
      }));
      expect(alarms[name]?.properties).toEqual(
        expect.objectContaining({
          Namespace: emf.Namespace,
          MetricName: METRIC.jobSucceeded,
          Dimensions: expect.arrayContaining(dimensions),
          Statistic: 'Sum',
          Period: 3600,
          EvaluationPeriods: hours,
          DatapointsToAlarm: hours,
          ComparisonOperator: 'LessThanThreshold',
          Threshold: 1,
          TreatMissingData: 'breaching',
        }),
      );
      expect(alarms[name]!.properties.Dimensions).toHaveLength(dimensions.length);
      expect(written[METRIC.jobSucceeded]).toBe(1);
    }
  });

  it('fires when an effect has waited in the outbox for 15 minutes', () => {
    const lines: LogLine[] = [];
    const restore = setLogSink((line) => lines.push(line));
    try {
      process.env.ROUNDWISE_STAGE = 'test';
      putMetric(METRIC.outboxOldestAge, 42, 'Seconds');
    } finally {
      restore();
      delete process.env.ROUNDWISE_STAGE;
    }
    expect(lines[0]).toMatchObject({ Stage: 'test', [METRIC.outboxOldestAge]: 42 });
    expect(alarmsByName()['outbox-age']?.properties).toMatchObject({
      Namespace: 'Roundwise',
      MetricName: METRIC.outboxOldestAge,
      Dimensions: [{ Name: 'Stage', Value: 'test' }],
      Statistic: 'Maximum',
      Threshold: 900,
      ComparisonOperator: 'GreaterThanOrEqualToThreshold',
      TreatMissingData: 'breaching',
    });
  });

  it('warns the same topic when the month costs 80% of the budget, or is forecast to cost all of it', () => {
    const topic = only(templates.monitoring, 'AWS::SNS::Topic');
    const budget = only(templates.monitoring, 'AWS::Budgets::Budget');
    expect(budget.properties.Budget).toMatchObject({
      BudgetType: 'COST',
      TimeUnit: 'MONTHLY',
      BudgetLimit: { Amount: DEFAULT_MONTHLY_BUDGET_USD, Unit: 'USD' },
    });
    const subscriber = [{ SubscriptionType: 'SNS', Address: { Ref: topic.id } }];
    expect(budget.properties.NotificationsWithSubscribers).toEqual([
      {
        Notification: expect.objectContaining({ NotificationType: 'ACTUAL', Threshold: 80 }),
        Subscribers: subscriber,
      },
      {
        Notification: expect.objectContaining({ NotificationType: 'FORECASTED', Threshold: 100 }),
        Subscribers: subscriber,
      },
    ]);
    // AWS Budgets may publish to the topic.
    const policy = JSON.stringify(templates.monitoring.findResources('AWS::SNS::TopicPolicy'));
    expect(policy).toContain('budgets.amazonaws.com');
    expect(policy).toContain('"aws:SourceAccount":"123456789012"');
    // Without ALARM_EMAIL (a test stage), nobody is subscribed.
    templates.monitoring.resourceCountIs('AWS::SNS::Subscription', 0);
  });
});

describe('web', () => {
  it('serves the site from a private bucket behind CloudFront, with client routes rewritten', () => {
    templates.web.hasResourceProperties('AWS::S3::Bucket', {
      PublicAccessBlockConfiguration: Match.objectLike({ BlockPublicPolicy: true }),
    });
    templates.web.resourceCountIs('Custom::S3Uploader', 1);
    const distribution = only(templates.web, 'AWS::CloudFront::Distribution');
    const settings = distribution.properties.DistributionConfig as Record<string, unknown>;
    expect(settings).toMatchObject({ DefaultRootObject: 'index.html', Enabled: true });
    // No error-page rewrites: they would turn the API's 403/404 answers into the app shell.
    expect(settings.CustomErrorResponses).toBeUndefined();
    const spa = only(templates.web, 'AWS::CloudFront::Function', {
      FunctionCode: Match.stringLikeRegexp("request.uri = '/index.html'"),
    });
    expect(spa.properties.FunctionCode).toContain("request.uri = '/index.html'");
    expect(settings.DefaultCacheBehavior).toMatchObject({
      ViewerProtocolPolicy: 'redirect-to-https',
      ResponseHeadersPolicyId: expect.anything(),
      FunctionAssociations: [
        { EventType: 'viewer-request', FunctionARN: { 'Fn::GetAtt': [spa.id, 'FunctionARN'] } },
      ],
    });
  });

  it('caches hashed assets for a year and revalidates everything else', () => {
    const uploader = only(templates.web, 'Custom::S3Uploader');
    const options = uploader.properties.fileOptions as {
      files: string | string[];
      ignore?: string | string[];
      cacheControl?: string;
    }[];
    // The uploader's rule (sst/support/custom-resources/s3-uploader.ts): each file gets the last
    // option whose glob matches it. SST's defaults come first, the site's options after them.
    const { globSync } = createRequire(createRequire(import.meta.url).resolve('sst/package.json'))(
      'glob',
    ) as {
      globSync(
        files: string | string[],
        options: { cwd: string; nodir: true; dot: true; ignore?: string | string[] },
      ): string[];
    };
    const cacheControl: Record<string, string | undefined> = {};
    for (const option of [...options].reverse()) {
      for (const file of globSync(option.files, {
        cwd: site,
        nodir: true,
        dot: true,
        ignore: option.ignore,
      })) {
        if (!(file in cacheControl)) cacheControl[file] = option.cacheControl;
      }
    }
    const revalidate = 'max-age=0,no-cache,no-store,must-revalidate';
    const immutable = 'max-age=31536000,public,immutable';
    expect(cacheControl).toEqual(
      Object.fromEntries(
        SITE_FILES.map((file) => [file, file.startsWith('assets/') ? immutable : revalidate]),
      ),
    );
  });

  it('sends the security headers with the site and the API, replacing any the origin sent', () => {
    const distribution = only(templates.web, 'AWS::CloudFront::Distribution');
    const settings = distribution.properties.DistributionConfig as {
      DefaultCacheBehavior: { ResponseHeadersPolicyId: { Ref: string } };
      CacheBehaviors: { ResponseHeadersPolicyId: { Ref: string } }[];
    };
    const policies = templates.web.findResources('AWS::CloudFront::ResponseHeadersPolicy');
    const security = (ref: { Ref: string } | undefined) =>
      policies[ref?.Ref ?? '']?.Properties.ResponseHeadersPolicyConfig.SecurityHeadersConfig;
    const common = {
      ContentTypeOptions: { Override: true },
      FrameOptions: { FrameOption: 'DENY', Override: true },
      ReferrerPolicy: { ReferrerPolicy: 'same-origin', Override: true },
      StrictTransportSecurity: {
        AccessControlMaxAgeSec: 31_536_000,
        IncludeSubdomains: true,
        Override: true,
      },
    };
    const site = security(settings.DefaultCacheBehavior.ResponseHeadersPolicyId);
    expect(site).toMatchObject(common);
    // The attachments bucket's name is a reference: the policy is a join, read here with the
    // bucket's logical id in its place.
    const joined = site.ContentSecurityPolicy.ContentSecurityPolicy as { 'Fn::Join': [string, unknown[]] };
    const csp = joined['Fn::Join'][1]
      .map((part) => (typeof part === 'string' ? part : `<${JSON.stringify(part)}>`))
      .join('');
    // The browser uploads to and shows files from the attachments bucket (presigned links).
    const bucket =
      /https:\/\/<\{"Fn::ImportValue":"[^"]*attachments[^"]*"\}>\.s3\.[a-z0-9-]+\.amazonaws\.com/;
    // And loads the basemap from Amazon Location (stacks/places.ts).
    const maps = 'https://maps\\.geo\\.eu-west-2\\.amazonaws\\.com';
    expect(csp).toMatch(new RegExp(`connect-src 'self' ${maps} ${bucket.source}`));
    expect(csp).toMatch(new RegExp(`img-src 'self' data: blob: https: ${maps} ${bucket.source}`));
    // Hashed from the built index.html: its inline script runs, no other inline script can.
    const hash = createHash('sha256').update(INLINE_SCRIPT).digest('base64');
    expect(csp).toContain(`script-src 'self' 'sha256-${hash}';`);
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).not.toMatch(/script-src[^;]*unsafe/);
    const api = security(settings.CacheBehaviors[0]?.ResponseHeadersPolicyId);
    expect(api).toMatchObject({
      ...common,
      ContentSecurityPolicy: { ContentSecurityPolicy: API_CSP, Override: true },
    });
  });

  it('tells the API the viewer address CloudFront saw, with a secret only CloudFront and the API know', () => {
    const distribution = only(templates.web, 'AWS::CloudFront::Distribution');
    const settings = distribution.properties.DistributionConfig as {
      CacheBehaviors: {
        TargetOriginId: string;
        FunctionAssociations: { EventType: string; FunctionARN: unknown }[];
      }[];
      Origins: { Id: string; OriginCustomHeaders?: { HeaderName: string; HeaderValue: unknown }[] }[];
    };
    const behaviour = settings.CacheBehaviors[0]!;
    const viewer = only(templates.web, 'AWS::CloudFront::Function', { FunctionCode: VIEWER_HEADERS });
    expect(behaviour.FunctionAssociations).toEqual([
      { EventType: 'viewer-request', FunctionARN: { 'Fn::GetAtt': [viewer.id, 'FunctionARN'] } },
    ]);
    // The function itself: what a client sent under those names is replaced or dropped.
    const request = {
      headers: {
        host: { value: 'app.example.com' },
        'x-roundwise-edge': { value: 'a guess' },
        'x-roundwise-viewer-address': { value: '10.0.0.1' },
        'x-roundwise-viewer-host': { value: 'evil.example' },
        cookie: { value: 'rw_session=abc' },
      },
    };
    const handler = runInNewContext(`${VIEWER_HEADERS}; handler`) as (event: unknown) => typeof request;
    expect(handler({ request, viewer: { ip: '203.0.113.7' } }).headers).toEqual({
      host: { value: 'app.example.com' },
      'x-roundwise-viewer-address': { value: '203.0.113.7' },
      'x-roundwise-viewer-host': { value: 'app.example.com' },
      cookie: { value: 'rw_session=abc' },
    });
    // The edge secret: added by CloudFront to every API request, and given to the API function.
    const origin = settings.Origins.find(({ Id }) => Id === behaviour.TargetOriginId);
    const header = origin?.OriginCustomHeaders?.find((h) => h.HeaderName === 'x-roundwise-edge');
    const secretId = getStack(API).getLogicalId(use(API).edgeSecret.node.defaultChild as CfnElement);
    only(templates.api, 'AWS::SecretsManager::Secret', {
      GenerateSecretString: Match.objectLike({ PasswordLength: 48 }),
    });
    expect(JSON.stringify(header?.HeaderValue)).toMatch(
      new RegExp(`\\{\\{resolve:secretsmanager:.*ExportsOutputRef${secretId}`),
    );
    const fn = use(API).api.getFunction('ANY /api/{proxy+}')!;
    const variables = templates.api.toJSON().Resources[logicalIdOf(API, fn)].Properties.Environment.Variables;
    expect(JSON.stringify(variables.EDGE_SECRET)).toMatch(
      new RegExp(`\\{\\{resolve:secretsmanager:.*"Ref":"${secretId}"`),
    );
  });

  it('sends /api/* to the HTTP API uncached with everything but the Host header', () => {
    const distribution = only(templates.web, 'AWS::CloudFront::Distribution');
    const settings = distribution.properties.DistributionConfig as {
      CacheBehaviors: Record<string, unknown>[];
      Origins: { Id: string; DomainName: unknown; CustomOriginConfig?: unknown }[];
    };
    expect(settings.CacheBehaviors).toEqual([
      expect.objectContaining({
        PathPattern: '/api/*',
        ViewerProtocolPolicy: 'https-only',
        AllowedMethods: ['GET', 'HEAD', 'OPTIONS', 'PUT', 'PATCH', 'POST', 'DELETE'],
        CachePolicyId: '4135ea2d-6df8-44a3-9df3-4b5a84be39ad', // CachingDisabled
        OriginRequestPolicyId: 'b689b0a8-53d0-40ab-baf2-68738e2966ac', // AllViewerExceptHostHeader
      }),
      expect.objectContaining({ PathPattern: '/go/q/*' }),
      expect.objectContaining({ PathPattern: '/go/p/*' }),
      expect.objectContaining({ PathPattern: '/go/a/*' }),
      expect.objectContaining({ PathPattern: '/go/m/*' }),
      expect.objectContaining({ PathPattern: '/portal/*' }),
    ]);
    const origin = settings.Origins.find(({ Id }) => Id === settings.CacheBehaviors[0]?.TargetOriginId);
    expect(origin?.CustomOriginConfig).toMatchObject({ OriginProtocolPolicy: 'https-only' });
    // The host part of the API's endpoint, exported by the API stack.
    const apiId = getStack(API).getLogicalId(use(API).api.cdk.httpApi.node.defaultChild as CfnElement);
    expect(JSON.stringify(origin?.DomainName)).toContain(
      `"Fn::ImportValue":"test-roundwise-API:ExportsOutputFnGetAtt${apiId}ApiEndpoint`,
    );
  });
});

describe("the customer's quote page", () => {
  it('sends /go/q/* to the API as /api/go/q/*, with the viewer headers and the page policy (no script)', () => {
    const distribution = only(templates.web, 'AWS::CloudFront::Distribution');
    const settings = distribution.properties.DistributionConfig as {
      CacheBehaviors: {
        PathPattern: string;
        TargetOriginId: string;
        ResponseHeadersPolicyId: { Ref: string };
        FunctionAssociations: { EventType: string; FunctionARN: unknown }[];
        CachePolicyId: string;
      }[];
    };
    const [apiBehaviour, page] = settings.CacheBehaviors;
    expect(page?.PathPattern).toBe('/go/q/*');
    expect(page?.TargetOriginId).toBe(apiBehaviour?.TargetOriginId);
    expect(page?.CachePolicyId).toBe('4135ea2d-6df8-44a3-9df3-4b5a84be39ad');
    const routing = only(templates.web, 'AWS::CloudFront::Function', { FunctionCode: PUBLIC_QUOTE_ROUTING });
    expect(page?.FunctionAssociations).toEqual([
      { EventType: 'viewer-request', FunctionARN: { 'Fn::GetAtt': [routing.id, 'FunctionARN'] } },
    ]);
    const handler = runInNewContext(`${PUBLIC_QUOTE_ROUTING}; handler`) as (event: unknown) => {
      uri: string;
      headers: Record<string, { value: string }>;
    };
    const out = handler({
      request: {
        uri: '/go/q/01ABC/',
        headers: { host: { value: 'app.example.com' }, 'x-roundwise-edge': { value: 'x' } },
      },
      viewer: { ip: '203.0.113.7' },
    });
    expect(out.uri).toBe('/api/go/q/01ABC/');
    expect(out.headers).toEqual({
      host: { value: 'app.example.com' },
      'x-roundwise-viewer-address': { value: '203.0.113.7' },
      'x-roundwise-viewer-host': { value: 'app.example.com' },
    });
    const policies = templates.web.findResources('AWS::CloudFront::ResponseHeadersPolicy');
    const csp =
      policies[page?.ResponseHeadersPolicyId.Ref ?? '']?.Properties.ResponseHeadersPolicyConfig
        .SecurityHeadersConfig.ContentSecurityPolicy.ContentSecurityPolicy;
    expect(csp).toBe(PUBLIC_PAGE_CSP);
    expect(csp).not.toContain('script-src');
  });

  it("sends the portal's pages to the API with their own framing policy: the page to /page, a frame as it is", () => {
    const distribution = only(templates.web, 'AWS::CloudFront::Distribution');
    const behaviours = (
      distribution.properties.DistributionConfig as {
        CacheBehaviors: { PathPattern: string; ResponseHeadersPolicyId: { Ref: string } }[];
      }
    ).CacheBehaviors;
    const portal = behaviours.find((b) => b.PathPattern === '/portal/*');
    const policy = templates.web.findResources('AWS::CloudFront::ResponseHeadersPolicy')[
      portal?.ResponseHeadersPolicyId.Ref ?? ''
    ]?.Properties.ResponseHeadersPolicyConfig.SecurityHeadersConfig;
    // The pages' own policy and framing rule pass: a business's site frames the widgets.
    expect(policy.ContentSecurityPolicy).toBeUndefined();
    expect(policy.FrameOptions).toBeUndefined();
    expect(policy.StrictTransportSecurity).toMatchObject({ Override: true });
    const handler = runInNewContext(`${PORTAL_ROUTING}; handler`) as (event: unknown) => { uri: string };
    const route = (uri: string) =>
      handler({
        request: { uri, headers: { host: { value: 'app.example.com' } } },
        viewer: { ip: '203.0.113.7' },
      }).uri;
    expect(route('/portal/demo')).toBe('/api/portal/demo/page');
    expect(route('/portal/demo/')).toBe('/api/portal/demo/page');
    expect(route('/portal/demo/frame/chat')).toBe('/api/portal/demo/frame/chat');
  });

  it('sends the payment pages (/go/p/*, /go/a/*) the same way', () => {
    const distribution = only(templates.web, 'AWS::CloudFront::Distribution');
    const behaviours = (
      distribution.properties.DistributionConfig as { CacheBehaviors: { PathPattern: string }[] }
    ).CacheBehaviors;
    const quote = behaviours.find((b) => b.PathPattern === '/go/q/*');
    for (const pattern of ['/go/p/*', '/go/a/*']) {
      const { PathPattern: _, ...rest } = behaviours.find((b) => b.PathPattern === pattern) ?? {
        PathPattern: '',
      };
      const { PathPattern: __, ...expected } = quote ?? { PathPattern: '' };
      expect(rest, pattern).toEqual(expected);
    }
  });
});

describe('the whole app', () => {
  const all = () => Object.values(templates);

  it('creates every Lambda function on nodejs22.x, none on a runtime AWS no longer accepts', () => {
    const runtimes = lambdaRuntimes(all());
    // Each stack's custom-resource handler (7), the queue worker, the API, the four schedules and
    // CDK's auto-delete handler for the site bucket.
    expect(runtimes).toHaveLength(14);
    expect(new Set(runtimes)).toEqual(new Set([NODE_RUNTIME]));
  });

  it('fails the synth on a function with a retired runtime', () => {
    const app = new CdkApp();
    new LambdaFunction(new CdkStack(app, 'old'), 'fn', {
      runtime: Runtime.NODEJS_18_X,
      handler: 'index.handler',
      code: Code.fromInline('exports.handler = async () => {};'),
    });
    Aspects.of(app).add(new NoRetiredRuntimes());
    expect(() => app.synth()).toThrow(/old\/fn\/Resource uses the retired Lambda runtime nodejs18\.x/);
    expect(isCurrentRuntime('nodejs20.x')).toBe(false);
    expect(isCurrentRuntime('python3.10')).toBe(false);
    expect(isCurrentRuntime('python3.12')).toBe(true);
  });

  it('empties and deletes only the site bucket when a stage is removed', () => {
    for (const t of [templates.storage, templates.queue, templates.api, templates.schedules]) {
      t.resourceCountIs('Custom::S3AutoDeleteObjects', 0);
    }
    const bucket = only(templates.web, 'AWS::S3::Bucket');
    templates.web.hasResource('AWS::S3::Bucket', { DeletionPolicy: 'Delete' });
    only(templates.web, 'Custom::S3AutoDeleteObjects', { BucketName: { Ref: bucket.id } });
  });

  it("builds every declared handler with SST's own build", () => {
    const declared = Object.values(useFunctions().all).map((props) => props.handler!);
    expect([...new Set(declared)].sort()).toEqual([
      'functions/src/lambda/api.handler',
      'functions/src/lambda/queue-worker.handler',
      'functions/src/lambda/schedules.nightlyBackup',
      'functions/src/lambda/schedules.outboxDue',
      'functions/src/lambda/schedules.outboxSweep',
      'functions/src/lambda/schedules.paymentsPull',
    ]);
    for (const handler of declared) {
      expect(existsSync(path.join(root, handler.replace(/\.[^.]+$/, '.ts'))), handler).toBe(true);
    }
    // app.finish() replaced SST's inline placeholders with the bundles as S3 assets.
    const built = all().flatMap((t) =>
      Object.values(t.findResources('AWS::Lambda::Function'))
        .map((r) => r.Properties)
        .filter((props) => props.Handler !== 'index.handler'),
    );
    expect(built.map((props) => props.Handler).sort()).toEqual([...declared].sort());
    for (const props of built) expect(props.Code).toHaveProperty('S3Key');
  });
});

describe('deploy-time settings', () => {
  it('reads the domain, its zone and certificate, and the mail settings', () => {
    const settings = readSettings({
      APP_DOMAIN: 'app.example.com',
      APP_HOSTED_ZONE: 'example.com',
      APP_CERTIFICATE_ARN: CERTIFICATE,
      MAIL_FROM: 'Roundwise <no-reply@example.com>',
      SMTP_USER: '',
    });
    expect(settings).toEqual({
      domain: { domainName: 'app.example.com', hostedZone: 'example.com', certificateArn: CERTIFICATE },
      functionEnvironment: {
        MAIL_FROM: 'Roundwise <no-reply@example.com>',
        PUBLIC_URL: 'https://app.example.com',
      },
      alarmEmails: [],
      monthlyBudgetUsd: DEFAULT_MONTHLY_BUDGET_USD,
    });
    expect(readSettings({})).toEqual({
      domain: undefined,
      functionEnvironment: {},
      alarmEmails: [],
      monthlyBudgetUsd: DEFAULT_MONTHLY_BUDGET_USD,
    });
    expect(readSettings({ APP_DOMAIN: 'app.example.com' }).domain).toEqual({
      domainName: 'app.example.com',
      hostedZone: 'app.example.com',
    });
    expect(() => readSettings({ APP_CERTIFICATE_ARN: CERTIFICATE })).toThrow(/APP_DOMAIN/);
  });

  it('reads who is on call and the monthly budget', () => {
    const settings = readSettings({
      ALARM_EMAIL: 'ops@example.com, night@example.com',
      ALARM_MONTHLY_BUDGET_USD: '250',
    });
    expect(settings.alarmEmails).toEqual(['ops@example.com', 'night@example.com']);
    expect(settings.monthlyBudgetUsd).toBe(250);
    expect(() => readSettings({ ALARM_EMAIL: 'ops at example.com' })).toThrow(/not an email address/);
    expect(() => readSettings({ ALARM_MONTHLY_BUDGET_USD: 'lots' })).toThrow(/positive number/);
  });

  /** Synthesises the app again with deploy-time settings, without app.finish(). */
  async function synthWith(settings: Record<string, string>, stage = 'test') {
    Object.assign(process.env, settings);
    try {
      const app = new App(
        { mode: 'deploy', name: 'roundwise', stage, region: 'eu-west-2', account: '123456789012' },
        { context: { [PREBUILT_WEB_CONTEXT]: site } },
      );
      await config.stacks(app);
      return {
        web: Template.fromStack(getStack(Web)),
        api: Template.fromStack(getStack(API)),
        storage: Template.fromStack(getStack(Storage)),
        monitoring: Template.fromStack(getStack(Monitoring)),
        all: [Monitoring, Storage, BulkSend, API, Schedules, Web].map((stack) =>
          Template.fromStack(getStack(stack)),
        ),
      };
    } finally {
      for (const name of SETTINGS.split(' ')) delete process.env[name];
    }
  }

  // These are last in the file: they replace the app the tests above inspect through `use`
  // and `useFunctions`.
  it('protects the production table from deletion and mails its alarms to the people on call', async () => {
    await expect(synthWith({}, 'prod')).rejects.toThrow(/ALARM_EMAIL/);
    const { storage, monitoring } = await synthWith(
      { ALARM_EMAIL: 'ops@example.com night@example.com', ALARM_MONTHLY_BUDGET_USD: '300' },
      'prod',
    );
    only(storage, 'AWS::DynamoDB::Table', {
      DeletionProtectionEnabled: true,
      TableName: 'prod-roundwise-table',
    });
    const topic = only(monitoring, 'AWS::SNS::Topic');
    for (const email of ['ops@example.com', 'night@example.com']) {
      only(monitoring, 'AWS::SNS::Subscription', {
        Protocol: 'email',
        Endpoint: email,
        TopicArn: { Ref: topic.id },
      });
    }
    only(monitoring, 'AWS::Budgets::Budget', {
      Budget: Match.objectLike({ BudgetLimit: { Amount: 300, Unit: 'USD' } }),
    });
  });

  it('serves the site and links mail at the custom domain, with a given certificate', async () => {
    const { web, api } = await synthWith({ APP_DOMAIN: 'app.example.com', APP_CERTIFICATE_ARN: CERTIFICATE });
    web.hasResourceProperties('AWS::CloudFront::Distribution', {
      DistributionConfig: Match.objectLike({
        Aliases: ['app.example.com'],
        ViewerCertificate: Match.objectLike({ AcmCertificateArn: CERTIFICATE }),
      }),
    });
    web.resourceCountIs('AWS::Route53::RecordSet', 2);
    web.resourceCountIs('AWS::CloudFormation::CustomResource', 0);
    api.hasResourceProperties('AWS::Lambda::Function', {
      Environment: { Variables: Match.objectLike({ PUBLIC_URL: 'https://app.example.com' }) },
    });
  });

  it('requests and DNS-validates a us-east-1 certificate when none is given', async () => {
    const { web, all } = await synthWith({ APP_DOMAIN: 'app.example.com', APP_HOSTED_ZONE: 'example.com' });
    const certificate = only(web, 'AWS::CloudFormation::CustomResource', {
      DomainName: 'app.example.com',
      Region: 'us-east-1',
    });
    web.hasResourceProperties('AWS::CloudFront::Distribution', {
      DistributionConfig: Match.objectLike({
        Aliases: ['app.example.com'],
        ViewerCertificate: Match.objectLike({ AcmCertificateArn: { 'Fn::GetAtt': [certificate.id, 'Arn'] } }),
      }),
    });
    web.resourceCountIs('AWS::Route53::RecordSet', 2);
    // The certificate requestor is SST's function; it bundles its own AWS SDK.
    const runtimes = lambdaRuntimes(all);
    expect(runtimes).toHaveLength(14);
    expect(runtimes.filter((runtime) => !isCurrentRuntime(runtime))).toEqual([]);
  });
});
