import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import type { CfnElement } from 'aws-cdk-lib';
import { Match, Template } from 'aws-cdk-lib/assertions';
import { App, getStack, type Function as SstFunction, use, useFunctions } from 'sst/constructs';
import { initProject } from 'sst/project.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import config from '../sst.config.ts';
import { API } from './api.ts';
import { BulkSend } from './queue.ts';
import { isCurrentRuntime, NODE_RUNTIME } from './runtimes.ts';
import { ADVERT_CHECKER_SCHEDULE, NIGHTLY_BACKUP_SCHEDULE, Schedules } from './schedules.ts';
import { readSettings } from './settings.ts';
import { Storage } from './storage.ts';
import { PREBUILT_WEB_CONTEXT, Web } from './web.ts';

/**
 * Offline synth of the whole app, the way SST's own stack tests do it: `initProject` loads
 * sst.config.ts, then an `App` in deploy mode runs the stacks. Nothing here talks to AWS: the
 * account is a placeholder, `app.finish()` (which bundles every function and runs `npm install`
 * in each bundle) is not called, so functions keep SST's inline placeholder code, and the site
 * is a one-file stand-in passed through CDK context instead of a vite build.
 */
const root = path.resolve(import.meta.dirname, '..');

/** Deploy-time settings (stacks/settings.ts); the tests synthesise the app without any. */
const SETTINGS =
  'APP_DOMAIN APP_HOSTED_ZONE APP_CERTIFICATE_ARN PUBLIC_URL MAIL_FROM SMTP_HOST SMTP_PORT SMTP_USER SMTP_PASSWORD';

const CERTIFICATE = 'arn:aws:acm:us-east-1:123456789012:certificate/00000000-0000-0000-0000-000000000000';

let site: string;
let templates: Record<'storage' | 'queue' | 'api' | 'schedules' | 'web', Template>;

beforeAll(async () => {
  site = mkdtempSync(path.join(os.tmpdir(), 'roundwise-site-'));
  writeFileSync(path.join(site, 'index.html'), '<!doctype html><title>Roundwise</title>');

  await initProject({ root, stage: 'test' });
  // After initProject, which loads .env.test into the environment.
  for (const name of SETTINGS.split(' ')) delete process.env[name];
  const app = new App(
    { mode: 'deploy', name: 'roundwise', stage: 'test', region: 'eu-west-2', account: '123456789012' },
    { context: { [PREBUILT_WEB_CONTEXT]: site } },
  );
  await config.stacks(app);
  templates = {
    storage: Template.fromStack(getStack(Storage)),
    queue: Template.fromStack(getStack(BulkSend)),
    api: Template.fromStack(getStack(API)),
    schedules: Template.fromStack(getStack(Schedules)),
    web: Template.fromStack(getStack(Web)),
  };
}, 60_000);

afterAll(() => {
  if (site) rmSync(site, { recursive: true, force: true });
});

/** The handler an SST function was declared with (the template holds SST's placeholder). */
const handlerOf = (fn: SstFunction | undefined) =>
  fn ? useFunctions().fromID(fn.node.addr)?.handler : undefined;

/** The logical id of a function's CloudFormation resource in its stack's template. */
const logicalIdOf = (stack: Parameters<typeof getStack>[0], fn: SstFunction) =>
  getStack(stack).getLogicalId(fn.node.defaultChild as CfnElement);

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

describe('schedules', () => {
  it.each([
    ['advertChecker', ADVERT_CHECKER_SCHEDULE, 'rate(15 minutes)'],
    ['nightlyBackup', NIGHTLY_BACKUP_SCHEDULE, 'cron(0 2 * * ? *)'],
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

describe('web', () => {
  it('serves the site from a private bucket behind CloudFront, with client routes rewritten', () => {
    templates.web.hasResource('AWS::S3::Bucket', {
      DeletionPolicy: 'Retain',
      Properties: Match.objectLike({
        PublicAccessBlockConfiguration: Match.objectLike({ BlockPublicPolicy: true }),
      }),
    });
    templates.web.resourceCountIs('Custom::SSTBucketDeployment', 1);
    const distribution = only(templates.web, 'AWS::CloudFront::Distribution');
    const settings = distribution.properties.DistributionConfig as Record<string, unknown>;
    expect(settings).toMatchObject({ DefaultRootObject: 'index.html', Enabled: true });
    // No error-page rewrites: they would turn the API's 403/404 answers into the app shell.
    expect(settings.CustomErrorResponses).toBeUndefined();
    const spa = only(templates.web, 'AWS::CloudFront::Function');
    expect(spa.properties.FunctionCode).toContain("request.uri = '/index.html'");
    expect(settings.DefaultCacheBehavior).toMatchObject({
      ViewerProtocolPolicy: 'redirect-to-https',
      FunctionAssociations: [
        { EventType: 'viewer-request', FunctionARN: { 'Fn::GetAtt': [spa.id, 'FunctionARN'] } },
      ],
    });
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

describe('the whole app', () => {
  const all = () => Object.values(templates);

  it('creates no Lambda function on a runtime AWS no longer accepts', () => {
    const runtimes = all().flatMap((t) =>
      Object.values(t.findResources('AWS::Lambda::Function')).map((r) => r.Properties.Runtime as string),
    );
    expect(runtimes.length).toBeGreaterThan(0);
    expect(runtimes.filter((runtime) => !isCurrentRuntime(runtime))).toEqual([]);
    expect(runtimes).toContain(NODE_RUNTIME);
  });

  it('has no auto-delete custom resources (their CDK 2.72 handler needs nodejs14.x)', () => {
    for (const t of all()) t.resourceCountIs('Custom::S3AutoDeleteObjects', 0);
  });

  it("declares only handlers whose files exist and bundle with SST's esbuild", async () => {
    const handlers = [...new Set(Object.values(useFunctions().all).map((props) => props.handler!))].sort();
    expect(handlers).toEqual([
      'functions/src/lambda/api.handler',
      'functions/src/lambda/queue-worker.handler',
      'functions/src/lambda/schedules.advertChecker',
      'functions/src/lambda/schedules.nightlyBackup',
    ]);
    // The same esbuild and options SST's node runtime uses at deploy (sst/runtime/handlers/node.js).
    const esbuild: typeof import('esbuild') = createRequire(
      createRequire(import.meta.url).resolve('sst/package.json'),
    )('esbuild');
    const files = [
      ...new Set(handlers.map((handler) => path.join(root, handler.replace(/\.[^.]+$/, '.ts')))),
    ];
    await Promise.all(
      files.map(async (file) => {
        expect(existsSync(file), file).toBe(true);
        const result = await esbuild.build({
          entryPoints: [file],
          bundle: true,
          platform: 'node',
          format: 'esm',
          target: 'esnext',
          mainFields: ['module', 'main'],
          write: false,
          logLevel: 'silent',
        });
        expect(result.errors).toEqual([]);
      }),
    );
  }, 60_000);
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
    });
    expect(readSettings({})).toEqual({ domain: undefined, functionEnvironment: {} });
    expect(() => readSettings({ APP_DOMAIN: 'app.example.com' })).toThrow(/APP_CERTIFICATE_ARN/);
  });

  // Last in the file: it replaces the app the tests above inspect through `use` and `useFunctions`.
  it('serves the site and links mail at the custom domain when one is set', async () => {
    Object.assign(process.env, { APP_DOMAIN: 'app.example.com', APP_CERTIFICATE_ARN: CERTIFICATE });
    try {
      const app = new App(
        { mode: 'deploy', name: 'roundwise', stage: 'test', region: 'eu-west-2', account: '123456789012' },
        { context: { [PREBUILT_WEB_CONTEXT]: site } },
      );
      await config.stacks(app);
      const web = Template.fromStack(getStack(Web));
      web.hasResourceProperties('AWS::CloudFront::Distribution', {
        DistributionConfig: Match.objectLike({
          Aliases: ['app.example.com'],
          ViewerCertificate: Match.objectLike({ AcmCertificateArn: CERTIFICATE }),
        }),
      });
      web.resourceCountIs('AWS::Route53::RecordSet', 2);
      Template.fromStack(getStack(API)).hasResourceProperties('AWS::Lambda::Function', {
        Environment: { Variables: Match.objectLike({ PUBLIC_URL: 'https://app.example.com' }) },
      });
    } finally {
      for (const name of SETTINGS.split(' ')) delete process.env[name];
    }
  });
});
