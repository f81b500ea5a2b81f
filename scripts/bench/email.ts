import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { EntityRepository } from '@roundwise/db';
import { ImapFlow } from 'imapflow';
import type { Outcome } from '../../functions/src/email-engine/receive.ts';
import { startMailboxWorkers } from '../../functions/src/email-engine/worker.ts';
import { startTestApi } from '../../functions/src/test-harness.ts';
import { startMailServers } from '../local/mail-servers.ts';
import { type Figures, percentile, round, saveFigures } from './lib.ts';

/**
 * Two-way email's budgets against real servers (Dovecot and dynalite), part of `npm run bench`
 * when Dovecot is installed (`npm test`'s setup installs it), or alone with `npx tsx scripts/bench/email.ts`:
 * - `email.import_1000_ms`: a mailbox of 1,000 mails connected and imported, with a reconnect
 *   half-way; from the workers' start until all 1,000 are stored (budget 60 s).
 *   `email.import_duplicates` counts mails stored twice (budget 0).
 * - `email.inbound_latency_ms`: the 95th percentile, over 20 mails, of the time from the IMAP
 *   server accepting a mail (its APPEND answered) to the reply being stored in the inbox (budget 5 s).
 */
const OFFICE = { user: 'office@bench.test', pass: 'bench-pass-1' };

const mail = (i: number) =>
  `From: Customer ${i} <customer${i}@bench.test>\r\nTo: ${OFFICE.user}\r\nSubject: Message ${i}\r\nMessage-ID: <bench-${i}@bench.test>\r\nDate: Sat, 28 Nov 2026 09:00:00 +0000\r\n\r\nHello number ${i}\r\n`;

export async function emailFigures(): Promise<Figures> {
  const dir = await mkdtemp(join(tmpdir(), 'roundwise-bench-mail-'));
  const servers = await startMailServers(dir);
  const api = await startTestApi('dynalite', {
    mailboxSecret: 'bench',
    localMailServers: { ca: servers.imap.ca },
  });
  try {
    await servers.imap.addUser(OFFICE.user, OFFICE.pass);
    const box = new ImapFlow({
      host: servers.imap.host,
      port: servers.imap.port,
      secure: true,
      auth: OFFICE,
      tls: { ca: [servers.imap.ca] },
      logger: false,
    });
    await box.connect();
    for (let i = 0; i < 1000; i++) await box.append('INBOX', mail(i));

    const owner = api.client();
    const accountId = (await owner.signup('owner@bench.test')).json.account.accountId as string;
    await owner.call('PATCH', '/account', { flags: ['twoWayEmail'] });
    const server = { auth: OFFICE, host: servers.imap.host, secure: true };
    const connected = await owner.post('/email-engine/account', {
      imap: { ...server, port: servers.imap.port },
      smtp: { ...server, port: servers.smtp.port },
    });
    if (connected.status !== 200) throw new Error(`connect: ${JSON.stringify(connected.json)}`);

    const stored = new Map<number, number>();
    let reconnected = false;
    const outcomes: Outcome[] = [];
    const started = performance.now();
    const workers = startMailboxWorkers(api.deps, {
      pollMs: 100,
      onMail: (_a, outcome, uid) => {
        outcomes.push(outcome);
        if (outcome === 'unknown') stored.set(uid, performance.now());
        if (stored.size >= 500 && !reconnected) {
          reconnected = true;
          void owner.put('/email-engine/account/reconnect', {});
        }
      },
    });
    while (stored.size < 1000) await new Promise((r) => setTimeout(r, 20));
    const importMs = performance.now() - started;
    const replies = (
      await new EntityRepository(api.db, accountId).listFields('notification', ['type'])
    ).filter((n) => n.type === 'EmailReply');

    const latencies: number[] = [];
    for (let i = 1000; i < 1020; i++) {
      const before = stored.size;
      await box.append('INBOX', mail(i));
      const accepted = performance.now();
      while (stored.size === before) await new Promise((r) => setTimeout(r, 5));
      latencies.push([...stored.values()].at(-1)! - accepted);
    }
    await box.logout();
    await workers.stop();
    return {
      'email.import_1000_ms': { value: round(importMs), unit: 'ms' },
      'email.import_duplicates': { value: replies.length - 1000, unit: 'mails' },
      'email.inbound_latency_ms': { value: round(percentile(latencies, 95)), unit: 'ms' },
    };
  } finally {
    await api.stop();
    await servers.stop();
    await rm(dir, { recursive: true, force: true });
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const figures = await emailFigures();
  for (const [name, f] of Object.entries(figures)) console.log(`${name.padEnd(36)} ${f.value} ${f.unit}`);
  await saveFigures(figures);
}
