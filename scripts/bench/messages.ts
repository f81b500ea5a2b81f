import { type ChildProcess, spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdir, mkdtemp, readdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { createDb } from '@roundwise/db';
import { addCustomers, signUpVerified } from '../local/messaging-fixture.ts';
import { round, saveFigures } from './lib.ts';

/**
 * `messages.bulk_2000_ms` (budget 10 s): a bulk email to 2,000 customers, from the
 * command's request to the last of the 2,000 mails in the SMTP sink, on the local runtime in a
 * process of its own (`scripts/local/messaging-child.ts`: the queue worker, nodemailer to the
 * sink, its delivery callbacks all running). The customers are written to the table first.
 */
export async function bulkEmail2000Ms(): Promise<number> {
  const work = await mkdtemp(join(tmpdir(), 'roundwise-bench-msg-'));
  let child: ChildProcess | undefined;
  try {
    await mkdir(join(work, 'web'), { recursive: true });
    await writeFile(join(work, 'web', 'index.html'), '<!doctype html><title>Roundwise</title>');
    const started = await new Promise<{ child: ChildProcess; url: string; dynamo: string; mailDir: string }>(
      (resolve, reject) => {
        const c = spawn(
          process.execPath,
          ['--import', 'tsx', fileURLToPath(new URL('../local/messaging-child.ts', import.meta.url))],
          {
            env: { ...process.env, DATA_DIR: join(work, 'data'), WEB_DIR: join(work, 'web') },
            stdio: ['ignore', 'pipe', 'inherit'],
          },
        );
        let out = '';
        c.stdout.on('data', (chunk: Buffer) => {
          out += chunk.toString();
          const line = out.split('\n').find((l) => l.startsWith('{'));
          if (line)
            resolve({ child: c, ...(JSON.parse(line) as { url: string; dynamo: string; mailDir: string }) });
        });
        c.once('exit', (code) => reject(new Error(`runtime exited (${code})`)));
      },
    );
    child = started.child;
    const db = createDb({
      tableName: 'roundwise',
      endpoint: started.dynamo,
      region: 'eu-west-2',
      credentials: { accessKeyId: 'local', secretAccessKey: 'local' },
    });
    const api = await signUpVerified(started.url, db, 'bench-bulk@example.com');
    const customers = await addCustomers(db, api.accountId, 2000);
    await api.send('POST', '/customer/purchase-sms-credits', { amount: 5000, purchaseId: randomUUID() });
    db.client.destroy();
    const mailsNow = async () => (await readdir(started.mailDir)).filter((f) => f.endsWith('.eml')).length;
    const before = await mailsNow(); // the sign-up's verification mail
    const t0 = performance.now();
    const answer = await api.command('notifications.send-bulk', {
      bulkId: 'bench-bulk',
      customerIds: customers.map((c) => c._id),
      subject: 'Spring offer',
      content: 'Ten percent off a gutter clean this month.',
    });
    if (answer.status !== 200) throw new Error(`bulk send refused: ${JSON.stringify(answer.json)}`);
    const commandMs = performance.now() - t0;
    while ((await mailsNow()) < before + 2000) {
      if (performance.now() - t0 > 120_000)
        throw new Error(`only ${(await mailsNow()) - before} of 2000 mails`);
      await new Promise((resolve) => setTimeout(resolve, 25));
    }
    const total = performance.now() - t0;
    console.log(
      `bulk email: command answered in ${Math.round(commandMs)} ms, 2000 mails in ${Math.round(total)} ms`,
    );
    return total;
  } finally {
    child?.kill('SIGKILL');
    await rm(work, { recursive: true, force: true });
  }
}

// `npx tsx scripts/bench/messages.ts`: this figure on its own, into bench/results.json.
if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED ??= 'true';
  const ms = await bulkEmail2000Ms();
  console.log(`messages.bulk_2000_ms ${round(ms)} ms`);
  await saveFigures({ 'messages.bulk_2000_ms': { value: round(ms), unit: 'ms' } });
}
