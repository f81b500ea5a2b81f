import { Duration } from 'aws-cdk-lib';
import { MathExpression } from 'aws-cdk-lib/aws-cloudwatch';
import { Secret } from 'aws-cdk-lib/aws-secretsmanager';
import { Api, type StackContext, use } from 'sst/constructs';
import { alarm, watchFunction } from './monitoring.ts';
import { places } from './places.ts';
import { BulkSend } from './queue.ts';
import { readSettings } from './settings.ts';
import { Storage } from './storage.ts';

/**
 * The HTTP API: one function runs the whole Hono app (functions/src/app.ts, mounted at /api).
 * Browsers reach it through the site's CloudFront distribution (stacks/web.ts), so the session
 * cookie stays first-party; the execute-api address is for operators.
 */
export function API({ stack }: StackContext) {
  const { table, attachments, backups, environment } = use(Storage);
  const { queue } = use(BulkSend);
  // CloudFront sends this with every request to the API (stacks/web.ts); the API believes what the
  // edge says about the viewer only on requests that carry it (functions/src/api/edge.ts).
  const edgeSecret = new Secret(stack, 'edge-secret', {
    description: 'Sent by CloudFront to the API: requests that carry it came through the edge',
    generateSecretString: { passwordLength: 48, excludePunctuation: true },
  });
  const location = places(stack);

  const api = new Api(stack, 'api', {
    routes: {
      'ANY /api/{proxy+}': {
        function: {
          handler: 'functions/src/lambda/api.handler',
          // API Gateway answers 503 after 30 seconds whatever the function does.
          timeout: 29,
          memorySize: 1024,
          bind: [table, attachments, backups, queue],
          permissions: location.permissions,
          environment: {
            ...environment,
            ...location.environment,
            BULK_SEND_QUEUE_URL: queue.queueUrl,
            EDGE_SECRET: edgeSecret.secretValue.unsafeUnwrap(),
            ...readSettings().functionEnvironment,
          },
        },
      },
    },
    accessLog: { retention: 'one_month' },
  });

  watchFunction(stack, 'api', api.getFunction('ANY /api/{proxy+}')!);
  // A rate, so a quiet night's single failure does not page anyone; under 20 requests in the
  // period the rate is not judged (the function's own errors alarm still is).
  const five = { period: Duration.minutes(5), statistic: 'Sum' };
  alarm(stack, 'api-5xx', {
    metric: new MathExpression({
      expression: 'IF(requests >= 20, 100 * errors / requests, 0)',
      usingMetrics: {
        errors: api.cdk.httpApi.metricServerError(five),
        requests: api.cdk.httpApi.metricCount(five),
      },
      period: five.period,
      label: 'API 5xx answers (% of requests)',
    }),
    threshold: 5,
    evaluationPeriods: 2,
    description: '5% or more of API requests answered 5xx for 10 minutes.',
  });

  stack.addOutputs({ ApiUrl: api.url });
  return { api, edgeSecret };
}
