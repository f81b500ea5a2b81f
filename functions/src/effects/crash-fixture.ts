import { DeleteMessageCommand, ReceiveMessageCommand, type SQSClient } from '@aws-sdk/client-sqs';
import { defineCommand } from '@roundwise/core';
import { z } from 'zod';
import type { Deps } from '../context.ts';
import { runQueueJob } from '../queue/jobs.ts';

/** Shared by `crash.integration.test.ts` and the process it kills (`crash-child.ts`). */

export type KillPoint =
  | 'none'
  | 'before-commit'
  | 'after-commit'
  | 'after-dispatch'
  | 'delivery-before-send'
  | 'delivery-after-send';

/** A command with an effect: a customer, and a welcome mail to them (registered here only). */
export const welcomeCustomer = defineCommand({
  name: 'test.welcome-customer',
  input: z.object({ name: z.string(), email: z.string() }),
  access: { minLevel: 'Core', roles: ['Owner'] },
  async run(ctx, input) {
    const customer = await ctx.store.put('customer', {
      _id: ctx.newId(),
      name: input.name,
      email: input.email,
    });
    ctx.emit({
      type: 'mail',
      payload: { to: input.email, subject: 'Welcome', text: `Welcome, ${input.name}.` },
    });
    return customer;
  },
});

/** The queue worker's loop until the queue has nothing visible: runs each job, then deletes it. */
export async function drainQueue(sqs: SQSClient, queueUrl: string, s: Deps) {
  for (;;) {
    const { Messages = [] } = await sqs.send(
      new ReceiveMessageCommand({ QueueUrl: queueUrl, MaxNumberOfMessages: 10, WaitTimeSeconds: 1 }),
    );
    if (Messages.length === 0) return;
    for (const m of Messages) {
      await runQueueJob(s, JSON.parse(m.Body ?? ''));
      await sqs.send(new DeleteMessageCommand({ QueueUrl: queueUrl, ReceiptHandle: m.ReceiptHandle }));
    }
  }
}
