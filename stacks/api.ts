import { Api, type StackContext, use } from 'sst/constructs';
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

  const api = new Api(stack, 'api', {
    routes: {
      'ANY /api/{proxy+}': {
        function: {
          handler: 'functions/src/lambda/api.handler',
          // API Gateway answers 503 after 30 seconds whatever the function does.
          timeout: 29,
          memorySize: 1024,
          bind: [table, attachments, backups, queue],
          environment: {
            ...environment,
            BULK_SEND_QUEUE_URL: queue.queueUrl,
            ...readSettings().functionEnvironment,
          },
        },
      },
    },
    accessLog: { retention: 'one_month' },
  });

  stack.addOutputs({ ApiUrl: api.url });
  return { api };
}
