import { AppError, EmailEngine } from '@roundwise/core';
import type { StoredMailbox, StoredServer } from '@roundwise/db';
import { settingsOf, writeSettings } from '../account/account-settings.ts';
import type { Deps } from '../context.ts';
import { open, seal } from './seal.ts';
import { verifyAccount } from './verify.ts';

type MailServer = EmailEngine.MailServer;

const stored = (s: Deps, accountId: string, server: MailServer): StoredServer => ({
  host: server.host,
  port: server.port,
  secure: server.secure,
  user: server.auth.user,
  sealedPass: seal(s.mailboxSecret, accountId, server.auth.pass),
});

/** A stored protocol's settings with its password opened (only for a connection). */
export const serverOf = (
  s: Pick<Deps, 'mailboxSecret'>,
  accountId: string,
  server: StoredServer,
): MailServer => ({
  host: server.host,
  port: server.port,
  secure: server.secure,
  auth: { user: server.user, pass: open(s.mailboxSecret, accountId, server.sealedPass) },
});

async function setProvider(s: Deps, accountId: string, emailAPI: 'email-engine' | 'squeegee-smtp') {
  const settings = await settingsOf(s, accountId);
  if (settings.emailAPI !== emailAPI) await writeSettings(s, accountId, { ...settings, emailAPI });
}

/**
 * `POST /api/email-engine/account`: both protocols are checked against their servers again (the
 * form's earlier check is the browser's word); only when both verify is the mailbox stored, its
 * passwords sealed, and the account made two-way (spec 002 section 4). A connected mailbox may
 * send one protocol alone (its SMTP or IMAP form): the other is the stored one, checked again
 * too. A new revision makes a running worker reconnect with the new settings.
 */
export async function connectMailbox(s: Deps, accountId: string, input: EmailEngine.MailServers) {
  const previous = await s.mailboxes.get(accountId);
  const smtp = input.smtp ?? (previous && serverOf(s, accountId, previous.smtp));
  const imap = input.imap ?? (previous && serverOf(s, accountId, previous.imap));
  if (!smtp || !imap) throw new AppError('validation', 'email-engine.not-connected');
  const verified = await verifyAccount(s, { smtp, imap });
  if (!verified.smtp?.success || !verified.imap?.success) return { connected: false as const, ...verified };
  await s.mailboxes.put({
    accountId,
    email: imap.auth.user,
    smtp: stored(s, accountId, smtp),
    imap: stored(s, accountId, imap),
    state: 'connecting',
    rev: (previous?.rev ?? 0) + 1,
    connectedAt: s.now().toISOString(),
  });
  await setProvider(s, accountId, EmailEngine.TWO_WAY);
  return { connected: true as const, ...verified };
}

/** `DELETE /api/email-engine/account`: back to one-way; the worker lets go on its next look. */
export async function disconnectMailbox(s: Deps, accountId: string) {
  await s.mailboxes.delete(accountId);
  await setProvider(s, accountId, EmailEngine.ONE_WAY);
}

/** `PUT /account/reconnect` (a new revision) and `PUT /account/sync` (every folder read again). */
export async function touchMailbox(s: Deps, accountId: string, change: 'reconnect' | 'sync') {
  const mailbox = await s.mailboxes.get(accountId);
  if (!mailbox) return false;
  await s.mailboxes.put({
    ...mailbox,
    ...(change === 'reconnect'
      ? { rev: mailbox.rev + 1, state: 'connecting' as const }
      : { syncRequestedAt: s.now().toISOString() }),
  });
  return true;
}

/** `GET /api/email-engine/account`: what the settings screen shows; never a password. */
export function accountView(mailbox: StoredMailbox | undefined) {
  if (!mailbox) return { account: null };
  const server = (x: StoredServer) => ({
    host: x.host,
    port: x.port,
    secure: x.secure,
    auth: { user: x.user, accessToken: false },
  });
  const quota = mailbox.quota
    ? {
        usage: mailbox.quota.usage,
        limit: mailbox.quota.limit,
        status: `${Math.round(EmailEngine.quotaPercent(mailbox.quota.usage, mailbox.quota.limit))}%`,
        level: EmailEngine.quotaLevel(mailbox.quota.usage, mailbox.quota.limit),
      }
    : undefined;
  return {
    account: {
      type: 'imap' as const,
      email: mailbox.email,
      state: mailbox.state,
      ...(mailbox.error ? { error: mailbox.error } : {}),
      smtp: server(mailbox.smtp),
      imap: server(mailbox.imap),
      ...(quota ? { quota } : {}),
    },
  };
}
