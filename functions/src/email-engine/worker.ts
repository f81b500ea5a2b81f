import { EmailEngine } from '@roundwise/core';
import type { StoredMailbox } from '@roundwise/db';
import { EntityRepository } from '@roundwise/db';
import { ImapFlow } from 'imapflow';
import { simpleParser } from 'mailparser';
import type { Deps } from '../context.ts';
import { errorFields, log } from '../log.ts';
import { serverOf } from './mailbox.ts';
import { type CustomerByEmail, type Outcome, receiveMail } from './receive.ts';
import { imapOptions } from './verify.ts';

/** The folder IDLE watches; the others are read at a connect and a requested sync. */
const WATCHED = 'INBOX';
/** A cursor is written after this many mails (and at the end): a crash re-reads at most these. */
const CURSOR_EVERY = 50;
/** Customers by address are read again after this long (a new customer's reply threads by address). */
const CUSTOMERS_TTL_MS = 30_000;

export interface WorkerEvents {
  /** Each mail read, and what became of it (tests and benchmarks watch this). */
  onMail?: (accountId: string, outcome: Outcome, uid: number, folder: string) => void;
}

/**
 * One business's mailbox, held open: it logs in, reads what arrived since each folder's UID cursor,
 * then waits in IDLE (imapflow idles on the open INBOX when it has nothing to do) and reads again
 * on every EXISTS the server pushes. A lost connection is opened again (1 s, doubling to 60 s); a
 * refused login is reported and tried again at the slowest pace. The cursor only says where to
 * start: a mail read twice (a crash before its cursor moved, a second folder) is stored once by
 * its Message-ID (`receiveMail`).
 */
export class MailboxWorker {
  private client: ImapFlow | undefined;
  private stopped = false;
  private queue: Promise<void> = Promise.resolve();
  private customers: { at: number; byEmail: Map<string, { _id: string; name: string }> } | undefined;
  private done: Promise<void> = Promise.resolve();
  syncRequestedAt: string | undefined;

  constructor(
    private readonly s: Deps,
    readonly mailbox: StoredMailbox,
    private readonly events: WorkerEvents = {},
  ) {
    this.syncRequestedAt = mailbox.syncRequestedAt;
  }

  get rev() {
    return this.mailbox.rev;
  }

  start() {
    this.done = this.run();
    return this;
  }

  async stop() {
    this.stopped = true;
    this.client?.close();
    await this.done;
  }

  /** A requested sync: every folder from its start (what is stored already is passed over). */
  resync(requestedAt: string | undefined) {
    this.syncRequestedAt = requestedAt;
    this.enqueue(async (client) => {
      await this.s.mailboxes.resetCursors(this.mailbox.accountId);
      for (const folder of await this.folders(client)) await this.drain(client, folder);
    });
  }

  private async run() {
    let wait = 1000;
    while (!this.stopped) {
      try {
        await this.session();
        wait = 1000;
      } catch (error) {
        if (this.stopped) break;
        const refused = (error as { authenticationFailed?: boolean }).authenticationFailed === true;
        await this.s.mailboxes.report(this.mailbox.accountId, this.mailbox.rev, {
          state: refused ? 'authenticationError' : 'connectError',
          error: String((error as { responseText?: string }).responseText ?? (error as Error).message).slice(
            0,
            500,
          ),
        });
        log({
          type: 'job',
          job: 'mailbox',
          accountId: this.mailbox.accountId,
          status: 'failed',
          ...errorFields(error),
        });
        if (refused) wait = 60_000;
      }
      if (this.stopped) break;
      await new Promise((resolve) => setTimeout(resolve, wait));
      wait = Math.min(wait * 2, 60_000);
    }
  }

  private async session() {
    const { accountId } = this.mailbox;
    const client = new ImapFlow({
      ...imapOptions(this.s, serverOf(this.s, accountId, this.mailbox.imap)),
      // IDLE again at once after each read (imapflow waits 15 s by default): mail arriving in
      // that gap would wait for it, and the budget is 5 s from the server to the inbox.
      autoIdleDelay: 100,
    });
    this.client = client;
    client.on('error', () => {});
    const closed = new Promise<void>((resolve) => client.once('close', () => resolve()));
    if (this.stopped) return;
    await client.connect();
    await this.s.mailboxes.report(accountId, this.mailbox.rev, {
      state: 'connected',
      ...(await this.quota(client)),
    });
    client.on('exists', (data: { path: string }) => {
      if (data.path === WATCHED) this.enqueue((c) => this.drain(c, WATCHED));
    });
    this.enqueue(async (c) => {
      for (const folder of await this.folders(c)) await this.drain(c, folder);
      // Left open: imapflow goes into IDLE on it, and the server pushes EXISTS for new mail.
      await c.mailboxOpen(WATCHED);
    });
    await closed;
    if (!this.stopped) throw Object.assign(new Error('connection closed'), { code: 'ECONNRESET' });
  }

  /** Runs reads one after another on the open connection; a failed read drops the connection. */
  private enqueue(work: (client: ImapFlow) => Promise<void>) {
    const client = this.client;
    if (!client) return;
    this.queue = this.queue
      .then(() => (this.stopped || !client.usable ? undefined : work(client)))
      .catch((error: unknown) => {
        // Closing the connection to stop fails the read under way: nothing to report.
        if (this.stopped) return;
        log({
          type: 'job',
          job: 'mailbox',
          accountId: this.mailbox.accountId,
          status: 'failed',
          ...errorFields(error),
        });
        client.close();
      });
  }

  /** INBOX and the junk folder (a customer's reply filed as spam is still theirs). */
  private async folders(client: ImapFlow) {
    const list = await client.list();
    const junk = list.find((f) => f.specialUse === '\\Junk')?.path;
    return [WATCHED, ...(junk ? [junk] : [])];
  }

  private async quota(client: ImapFlow) {
    const storage = await client.getQuota(WATCHED).then(
      (q) => (q ? q.storage : undefined),
      () => undefined,
    );
    if (!storage?.limit) return {};
    const quota = { usage: storage.usage ?? 0, limit: storage.limit };
    const level = EmailEngine.quotaLevel(quota.usage, quota.limit);
    // Spec 002 section 4: 80 % warns, over 90 % is an error; the settings screen shows the level.
    if (level !== 'ok')
      log({
        type: 'metric',
        metric: `mailbox.quota-${level}`,
        accountId: this.mailbox.accountId,
        value: quota.usage / quota.limit,
      });
    return { quota };
  }

  /** Reads a folder from its cursor to its end. */
  private async drain(client: ImapFlow, folder: string) {
    const { accountId } = this.mailbox;
    const lock = await client.getMailboxLock(folder);
    try {
      const box = client.mailbox;
      if (!box || box.exists === 0) return;
      const uidValidity = String(box.uidValidity);
      const cursor = await this.s.mailboxes.cursor(accountId, folder);
      let last = cursor?.uidValidity === uidValidity ? cursor.lastUid : 0;
      const account = await this.s.auth.getAccount(accountId);
      const ignored = (account?.settings.ignoredEmails ?? []).map((e) => e.toLowerCase());
      let sinceCursor = 0;
      for await (const message of client.fetch(`${last + 1}:*`, { uid: true, source: true }, { uid: true })) {
        // `n:*` names the last mail even when its UID is below n.
        if (message.uid <= last || !message.source) continue;
        const mail = await simpleParser(message.source, { skipHtmlToText: false, skipImageLinks: true });
        const outcome = await receiveMail(this.s, accountId, mail, {
          mailboxAddress: this.mailbox.email,
          ignored,
          customerByEmail: this.customerByEmail,
        });
        this.events.onMail?.(accountId, outcome, message.uid, folder);
        last = message.uid;
        if (++sinceCursor >= CURSOR_EVERY) {
          await this.s.mailboxes.advance(accountId, folder, { uidValidity, lastUid: last });
          sinceCursor = 0;
        }
      }
      if (sinceCursor > 0) await this.s.mailboxes.advance(accountId, folder, { uidValidity, lastUid: last });
    } finally {
      lock.release();
    }
  }

  private customerByEmail: CustomerByEmail = async (address) => {
    const now = Date.now();
    if (!this.customers || now - this.customers.at > CUSTOMERS_TTL_MS) {
      const rows = await new EntityRepository(this.s.db, this.mailbox.accountId).listFields('customer', [
        'email',
        'name',
      ]);
      const byEmail = new Map<string, { _id: string; name: string }>();
      for (const r of rows) {
        const email = typeof r.email === 'string' ? r.email.trim().toLowerCase() : '';
        if (email && !byEmail.has(email))
          byEmail.set(email, { _id: String(r._id), name: String(r.name ?? '') });
      }
      this.customers = { at: now, byEmail };
    }
    return this.customers.byEmail.get(address);
  };
}

/**
 * Every connected mailbox's worker, kept in step with the table: a new mailbox is opened, a
 * changed one (new settings, a reconnect) opened again, a disconnected one let go, a requested
 * sync passed on. It looks every `pollMs`, so a mailbox connected in the settings is open within
 * that; mail itself is pushed (IDLE), not polled. One such process per stage (one task on AWS).
 */
export function startMailboxWorkers(s: Deps, options: { pollMs?: number } & WorkerEvents = {}) {
  const workers = new Map<string, MailboxWorker>();
  let stopped = false;
  let timer: NodeJS.Timeout | undefined;
  let refreshing: Promise<void> = Promise.resolve();

  async function reconcile() {
    const mailboxes = await s.mailboxes.list();
    const live = new Set<string>();
    for (const m of mailboxes) {
      live.add(m.accountId);
      const running = workers.get(m.accountId);
      if (running && running.rev === m.rev) {
        if (m.syncRequestedAt && m.syncRequestedAt !== running.syncRequestedAt)
          running.resync(m.syncRequestedAt);
        continue;
      }
      await running?.stop();
      workers.set(m.accountId, new MailboxWorker(s, m, options).start());
    }
    for (const [accountId, worker] of workers) {
      if (live.has(accountId)) continue;
      workers.delete(accountId);
      await worker.stop();
    }
  }

  const refresh = () => {
    refreshing = refreshing.then(reconcile).catch((error: unknown) => {
      log({ type: 'job', job: 'mailboxes', status: 'failed', ...errorFields(error) });
    });
    return refreshing;
  };
  const tick = async () => {
    await refresh();
    if (!stopped) timer = setTimeout(tick, options.pollMs ?? 2000);
  };
  void tick();

  return {
    /** Looks at the table now (after a connect, without waiting for the next look). */
    refresh,
    async stop() {
      stopped = true;
      clearTimeout(timer);
      await refreshing;
      await Promise.all([...workers.values()].map((w) => w.stop()));
      workers.clear();
    },
  };
}
