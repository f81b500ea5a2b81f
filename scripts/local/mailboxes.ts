import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
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
