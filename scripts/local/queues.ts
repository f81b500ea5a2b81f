import { buildApp } from 'fauxqs';
import { LOOPBACK } from './net.ts';

/** The bulk-send queue and its dead-letter queue, as in production (stacks/). */
export const QUEUES = { bulkSend: 'roundwise-bulk-send', bulkSendDlq: 'roundwise-bulk-send-dlq' } as const;

/** fauxqs names queues `arn:aws:sqs:<region>:000000000000:<name>`. */
const ACCOUNT_ID = '000000000000';

export interface LocalQueues {
  endpoint: string;
  region: string;
  /**
   * Queue URLs by key of {@link QUEUES}, e.g. `http://sqs.eu-west-2.localhost:<port>/000000000000/roundwise-bulk-send`.
   * Use them as given: fauxqs matches the whole string. The host need not resolve, because an
   * SDK client with an explicit `endpoint` sends there, not to the queue URL's host.
   */
  urls: Record<keyof typeof QUEUES, string>;
  /** True when every queue exists. */
  check(): Promise<boolean>;
  stop(): Promise<void>;
}

/**
 * fauxqs (SQS emulator, in memory) on a free loopback port. `startFauxqs()` would listen on
 * 0.0.0.0, so the Fastify app from `buildApp()` is bound to loopback here and the queues are
 * created through its own SQS JSON API (in-process `inject`, no socket).
 */
export async function startQueues(region: string): Promise<LocalQueues> {
  const app = buildApp({ logger: false, defaultRegion: region });
  const endpoint = (await app.listen({ port: 0, host: LOOPBACK })).replace('localhost', LOOPBACK);

  const call = async (action: string, body: object) => {
    const res = await app.inject({
      method: 'POST',
      url: '/',
      // fauxqs names queues `http://sqs.<region>.localhost:<port of the Host header>/...` and
      // later finds them by that exact string, so the Host header carries the real port.
      headers: {
        host: new URL(endpoint).host,
        'content-type': 'application/x-amz-json-1.0',
        'x-amz-target': `AmazonSQS.${action}`,
      },
      payload: JSON.stringify(body),
    });
    if (res.statusCode !== 200) throw new Error(`fauxqs ${action} failed: ${res.statusCode} ${res.body}`);
    return res.json() as Record<string, unknown>;
  };

  // As in stacks/queue.ts: the DLQ keeps messages 14 days; the queue hides a received message
  // for 6 x the worker's 60 s timeout and dead-letters it after 5 receives.
  const dlq = await call('CreateQueue', {
    QueueName: QUEUES.bulkSendDlq,
    Attributes: { MessageRetentionPeriod: String(14 * 24 * 3600) },
  });
  const main = await call('CreateQueue', {
    QueueName: QUEUES.bulkSend,
    Attributes: {
      VisibilityTimeout: '360',
      RedrivePolicy: JSON.stringify({
        deadLetterTargetArn: `arn:aws:sqs:${region}:${ACCOUNT_ID}:${QUEUES.bulkSendDlq}`,
        maxReceiveCount: 5,
      }),
    },
  });
  const urls = { bulkSend: String(main.QueueUrl), bulkSendDlq: String(dlq.QueueUrl) };

  return {
    endpoint,
    region,
    urls,
    async check() {
      const res = await fetch(`${endpoint}/_fauxqs/queues`);
      const names = new Set(((await res.json()) as { name: string }[]).map((q) => q.name));
      return Object.values(QUEUES).every((name) => names.has(name));
    },
    // Runs fauxqs's preClose hook (stops its timers) and closes the server; fauxqs sets
    // forceCloseConnections, so the SDK's keep-alive sockets do not hold it open.
    stop: () => app.close(),
  };
}
