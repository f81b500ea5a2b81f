/**
 * The process `crash.integration.test.ts` kills: runs one command (or one password reset) against
 * the test's table, dispatches its effect on the test's queue and delivers it as the queue worker
 * would, and sends itself SIGKILL at the step named by `KILL_AT`. Prints the answer as a JSON line
 * when it lives long enough to give one.
 */
import { SQSClient } from '@aws-sdk/client-sqs';
import { TransactWriteCommand } from '@aws-sdk/lib-dynamodb';
import type { Actor } from '@roundwise/core';
import { createDb } from '@roundwise/db';
import { localBilling } from '../adapters/billing.ts';
import { createSmtpMailer } from '../adapters/mailer.ts';
import { requestPasswordReset } from '../auth/password-reset.ts';
import { settleBackground } from '../background.ts';
import { runDefinedCommand } from '../commands/run-command.ts';
import { createDeps } from '../create-deps.ts';
import type { Mailer } from '../deps.ts';
import { drainQueue, type KillPoint, welcomeCustomer } from './crash-fixture.ts';
import './index.ts';
import { sqsEffectQueue } from './queue.ts';

const env = (name: string) => process.env[name] ?? '';
const killAt = env('KILL_AT') as KillPoint;
const die = (point: KillPoint) => {
  if (point === killAt) process.kill(process.pid, 'SIGKILL');
};

async function main() {
  const db = createDb({
    tableName: env('TABLE'),
    endpoint: env('DYNAMO'),
    region: 'local',
    credentials: { accessKeyId: 'local', secretAccessKey: 'local' },
  });
  const send = db.doc.send.bind(db.doc);
  db.doc.send = (async (command: object, ...rest: never[]) => {
    if (command instanceof TransactWriteCommand) die('before-commit');
    const out = await send(command as never, ...rest);
    if (command instanceof TransactWriteCommand) die('after-commit');
    return out;
  }) as typeof db.doc.send;
  const smtp = createSmtpMailer({
    host: '127.0.0.1',
    port: Number(env('SMTP_PORT')),
    secure: false,
    from: 'x@y.z',
  });
  const mailer: Mailer = {
    async send(mail) {
      die('delivery-before-send');
      await smtp.send(mail);
      die('delivery-after-send');
    },
  };
  const sqs = new SQSClient({
    endpoint: env('SQS'),
    region: 'eu-west-2',
    credentials: { accessKeyId: 'local', secretAccessKey: 'local' },
  });
  const queue = sqsEffectQueue(sqs, env('QUEUE_URL'));
  const s = createDeps({
    db,
    mailer,
    billing: localBilling,
    publicUrl: 'http://localhost:3000',
    secureCookies: false,
    effectQueue: {
      async send(ids) {
        await queue.send(ids);
        die('after-dispatch');
      },
    },
  });
  let answer: unknown;
  if (env('RESET_EMAIL')) {
    await requestPasswordReset(s, env('RESET_EMAIL'));
    answer = { reset: true };
  } else {
    answer = await runDefinedCommand(
      s,
      JSON.parse(env('ACTOR')) as Actor,
      welcomeCustomer as never,
      env('COMMAND_ID'),
      JSON.parse(env('INPUT')),
    );
  }
  await settleBackground();
  process.stdout.write(`${JSON.stringify(answer)}\n`);
  // The queue worker's part: deliver what was dispatched.
  await drainQueue(sqs, env('QUEUE_URL'), s);
  sqs.destroy();
  db.client.destroy();
}

await main();
