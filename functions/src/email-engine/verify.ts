import { lookup } from 'node:dns/promises';
import { isIP } from 'node:net';
import type { EmailEngine } from '@roundwise/core';
import { ImapFlow } from 'imapflow';
import { createTransport } from 'nodemailer';
import type { Deps } from '../context.ts';

type MailServer = EmailEngine.MailServer;
type VerifyResult = EmailEngine.VerifyResult;
type FieldError = EmailEngine.FieldError;

/** Connection and greeting timeouts of a check: a wrong port must not hold the form for long. */
const TIMEOUT_MS = 10_000;

/** What the connection may trust: the system's CAs, and the local servers' own in the local runtime. */
export const tlsOf = (s: Pick<Deps, 'localMailServers'>) =>
  s.localMailServers ? { ca: [s.localMailServers.ca] } : {};

/**
 * A mail server on a private or loopback address is refused (the check would let anyone probe
 * our network), except the local runtime's own. Answers a field error on `host`.
 */
async function privateHost(s: Pick<Deps, 'localMailServers'>, host: string): Promise<boolean> {
  if (s.localMailServers) return false;
  const addresses = isIP(host) ? [{ address: host }] : await lookup(host, { all: true }).catch(() => []);
  return addresses.some(({ address }) =>
    /^(127\.|10\.|192\.168\.|172\.(1[6-9]|2\d|3[01])\.|169\.254\.|0\.|::1$|f[cd]|fe80:|::ffff:(127|10|192\.168)\.)/i.test(
      address,
    ),
  );
}

/** The spec's field keys for what went wrong: the server's complaint lands under the matching input. */
function fieldsOf(error: {
  code?: string;
  message?: string;
  authenticationFailed?: boolean;
  responseCode?: number;
}) {
  const code = error.code ?? '';
  const text = error.message ?? '';
  if (error.authenticationFailed || code === 'EAUTH' || error.responseCode === 535)
    return { error: 'email-engine.auth-failed', keys: ['user', 'pass'] as const };
  if (code === 'ENOTFOUND' || code === 'EDNS' || code === 'EAI_AGAIN')
    return { error: 'email-engine.host-not-found', keys: ['host'] as const };
  if (/certificate|self[- ]signed|wrong version number|ssl|tls/i.test(text) || code === 'ETLS')
    return { error: 'email-engine.tls-failed', keys: ['secure'] as const };
  if (
    code === 'ECONNREFUSED' ||
    code === 'ETIMEDOUT' ||
    code === 'ECONNRESET' ||
    /timed? ?out|greeting/i.test(text)
  )
    return { error: 'email-engine.no-connection', keys: ['port', 'host'] as const };
  return { error: 'email-engine.connection-failed', keys: [] as const };
}

interface Checked {
  result: VerifyResult;
  fields: FieldError[];
}

function failed(error: unknown, responseText?: string): Checked {
  const e = (error ?? {}) as Parameters<typeof fieldsOf>[0] & { response?: string; responseText?: string };
  const { error: key, keys } = fieldsOf(e);
  const text = responseText ?? e.responseText ?? e.response ?? e.message ?? '';
  return {
    result: { success: false, error: key, responseText: text },
    fields: keys.map((k) => ({ key: k, message: key })),
  };
}

/** Connects to the SMTP server and logs in (nodemailer's `verify`): nothing is sent. */
export async function verifySmtp(s: Pick<Deps, 'localMailServers'>, server: MailServer): Promise<Checked> {
  if (await privateHost(s, server.host)) return failed({ code: 'ENOTFOUND' }, '');
  const transport = createTransport({
    host: server.host,
    port: server.port,
    secure: server.secure,
    // The password never travels in clear: without TLS from the start, STARTTLS is required.
    requireTLS: !server.secure,
    auth: { user: server.auth.user, pass: server.auth.pass },
    tls: tlsOf(s),
    connectionTimeout: TIMEOUT_MS,
    greetingTimeout: TIMEOUT_MS,
    socketTimeout: TIMEOUT_MS,
  });
  try {
    await transport.verify();
    return { result: { success: true }, fields: [] };
  } catch (error) {
    return failed(error);
  } finally {
    transport.close();
  }
}

/** Options of an IMAP connection to `server` (the worker's too). */
export const imapOptions = (s: Pick<Deps, 'localMailServers'>, server: MailServer) => ({
  host: server.host,
  port: server.port,
  secure: server.secure,
  // STARTTLS is required on a plain port: the password never goes in clear.
  doSTARTTLS: server.secure ? undefined : true,
  auth: { user: server.auth.user, pass: server.auth.pass },
  tls: tlsOf(s),
  logger: false as const,
  connectionTimeout: TIMEOUT_MS,
  greetingTimeout: TIMEOUT_MS,
});

/** Connects to the IMAP server and logs in (imapflow), then logs out. */
export async function verifyImap(s: Pick<Deps, 'localMailServers'>, server: MailServer): Promise<Checked> {
  if (await privateHost(s, server.host)) return failed({ code: 'ENOTFOUND' }, '');
  const client = new ImapFlow(imapOptions(s, server));
  client.on('error', () => {});
  try {
    await client.connect();
    await client.logout();
    return { result: { success: true }, fields: [] };
  } catch (error) {
    client.close();
    return failed(error);
  }
}

/**
 * `POST /api/email-engine/verify-account` (spec 002 section 7): each protocol given is checked
 * against its real server; `fields` are the server's field errors, `error` the first failure.
 */
export async function verifyAccount(
  s: Pick<Deps, 'localMailServers'>,
  input: EmailEngine.MailServers,
): Promise<{
  smtp?: VerifyResult;
  imap?: VerifyResult;
  fields: FieldError[];
  error?: string;
}> {
  const [smtp, imap] = await Promise.all([
    input.smtp ? verifySmtp(s, input.smtp) : undefined,
    input.imap ? verifyImap(s, input.imap) : undefined,
  ]);
  const fields = [...(smtp?.fields ?? []), ...(imap?.fields ?? [])];
  const error = [smtp, imap].find((c) => c && !c.result.success)?.result.error;
  return {
    ...(smtp ? { smtp: smtp.result } : {}),
    ...(imap ? { imap: imap.result } : {}),
    fields,
    ...(error ? { error } : {}),
  };
}
