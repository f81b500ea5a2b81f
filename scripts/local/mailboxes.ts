import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { ImapFlow } from 'imapflow';
import type { DevSinks, LocalMailServers } from '../../functions/src/deps.ts';
import { DOVECOT, type MailServers, startMailServers } from './mail-servers.ts';

/** The demo business's own mailbox on the local mail servers (connect it in the email settings). */
export const DEMO_MAILBOX = { user: 'office@roundwise.local', pass: 'office mailbox 1' } as const;

/**
 * The secret mailbox passwords are sealed under, kept in the data folder (mode 600) so a restart
 * can still open the mailboxes connected before it.
 */
export async function mailboxSecretOf(dataDir: string): Promise<string> {
  const file = join(dataDir, 'mailbox-secret');
  const existing = await readFile(file, 'utf8').catch(() => undefined);
  if (existing?.trim()) return existing.trim();
  const secret = randomBytes(32).toString('hex');
  await writeFile(file, secret, { mode: 0o600 });
  return secret;
}

/**
 * The local IMAP (Dovecot) and SMTP servers of two-way email, with the demo mailbox, when
 * Dovecot is installed (`npm test`'s setup installs it); without it the runtime starts as
 * before and only one-way email works.
 */
export async function startLocalMailServers(dataDir: string): Promise<MailServers | undefined> {
  if (!existsSync(DOVECOT)) return undefined;
  const servers = await startMailServers(join(dataDir, 'mail-servers'));
  await servers.imap.addUser(DEMO_MAILBOX.user, DEMO_MAILBOX.pass);
  return servers;
}

/** The local mail domain: its addresses auto-configure to the local servers. */
export const LOCAL_MAIL_DOMAIN = 'roundwise.local';

/** What the API is told of the local servers: their certificate and the local domain's settings. */
export function localMailServersFor(servers: MailServers): LocalMailServers {
  return {
    ca: servers.imap.ca,
    autoConfig: {
      domain: LOCAL_MAIL_DOMAIN,
      smtp: { server: servers.smtp.host, port: servers.smtp.port, tls: true },
      imap: { server: servers.imap.host, port: servers.imap.port, tls: true },
    },
  };
}

/** `/api/dev/mailbox`: a fresh mailbox on the local servers for a test's business, and delivery to it. */
export function devMailboxes(servers: MailServers): NonNullable<DevSinks['mailboxes']> {
  return {
    async add() {
      const user = `box-${randomBytes(6).toString('hex')}@${LOCAL_MAIL_DOMAIN}`;
      const pass = randomBytes(9).toString('base64url');
      await servers.imap.addUser(user, pass);
      return { user, pass };
    },
    deliver: (user, raw) => servers.deliver(user, raw),
    async messages(user) {
      const pass = servers.imap.passwordOf(user);
      if (pass === undefined) return [];
      const client = new ImapFlow({
        host: servers.imap.host,
        port: servers.imap.port,
        secure: true,
        auth: { user, pass },
        tls: { ca: [servers.imap.ca] },
        logger: false,
      });
      await client.connect();
      try {
        const lock = await client.getMailboxLock('INBOX');
        const found = [];
        try {
          for await (const m of client.fetch('1:*', { envelope: true })) {
            found.push({
              messageId: m.envelope?.messageId ?? '',
              from: m.envelope?.from?.[0]?.address ?? '',
              replyTo: m.envelope?.replyTo?.[0]?.address ?? '',
              subject: m.envelope?.subject ?? '',
            });
          }
        } finally {
          lock.release();
        }
        return found;
      } finally {
        await client.logout();
      }
    },
  };
}
