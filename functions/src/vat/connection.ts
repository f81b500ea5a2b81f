import { createHash, randomBytes } from 'node:crypto';
import { AppError } from '@roundwise/core';
import { HmrcStore } from '@roundwise/db';
import type { Deps } from '../context.ts';
import { open, seal } from '../email-engine/seal.ts';
import { type HmrcClient, hmrcClient } from './hmrc.ts';

const STATE_MS = 10 * 60_000;
/** An access token this close to its end is refreshed first (HMRC's last 4 hours). */
const REFRESH_MARGIN_MS = 60_000;

const clients = new WeakMap<Deps, HmrcClient>();

/** This deployment's HMRC client, or 503 `vat.hmrc-not-configured`. */
export function hmrcOf(s: Deps): HmrcClient {
  if (!s.hmrc) throw new AppError('unavailable', 'vat.hmrc-not-configured');
  let client = clients.get(s);
  if (!client) {
    client = hmrcClient(s.hmrc, new HmrcStore(s.db));
    clients.set(s, client);
  }
  return client;
}

export const redirectUri = (s: Deps) => `${s.publicUrl}/api/vat/oauth/callback`;
const hash = (state: string) => createHash('sha256').update(state).digest('hex');

/** Where the browser goes to grant authority: HMRC's page, with a state bound to this account and user. */
export async function startAuthorization(s: Deps, accountId: string, userId: string) {
  const state = randomBytes(24).toString('base64url');
  await new HmrcStore(s.db).putState(hash(state), { accountId, userId, expiresAtMs: Date.now() + STATE_MS });
  return hmrcOf(s).authorizeUrl(redirectUri(s), state);
}

async function keep(s: Deps, accountId: string, userId: string, body: Record<string, unknown>) {
  const access = String(body.access_token ?? '');
  const refresh = String(body.refresh_token ?? '');
  if (!access || !refresh) throw new AppError('unavailable', 'vat.hmrc-unavailable');
  await new HmrcStore(s.db).putConnection({
    accountId,
    sealedAccess: seal(s.mailboxSecret, accountId, access),
    sealedRefresh: seal(s.mailboxSecret, accountId, refresh),
    expiresAtMs: Date.now() + Number(body.expires_in ?? 14_400) * 1000,
    connectedAt: s.now().toISOString(),
    connectedBy: userId,
  });
  return access;
}

/**
 * HMRC's redirect back with the authorization code: the state is used once and must name the
 * account and user signed in now; the code is exchanged for tokens, kept sealed.
 */
export async function completeAuthorization(
  s: Deps,
  signed: { accountId: string; userId: string },
  code: string,
  state: string,
) {
  const taken = await new HmrcStore(s.db).takeState(hash(state), Date.now());
  if (!taken || taken.accountId !== signed.accountId || taken.userId !== signed.userId) {
    throw new AppError('validation', 'vat.authorization-invalid');
  }
  const answer = await hmrcOf(s).token({
    grant_type: 'authorization_code',
    code,
    redirect_uri: redirectUri(s),
  });
  if (answer.status !== 200) throw new AppError('validation', 'vat.authorization-invalid');
  await keep(s, signed.accountId, signed.userId, answer.body);
}

/** A working access token for the account: refreshed when near its end; none connected is 400. */
export async function accessToken(s: Deps, accountId: string): Promise<string> {
  const store = new HmrcStore(s.db);
  const connection = await store.connection(accountId);
  if (!connection) throw new AppError('validation', 'vat.not-connected');
  if (connection.expiresAtMs - REFRESH_MARGIN_MS > Date.now()) {
    return open(s.mailboxSecret, accountId, connection.sealedAccess);
  }
  const answer = await hmrcOf(s).token({
    grant_type: 'refresh_token',
    refresh_token: open(s.mailboxSecret, accountId, connection.sealedRefresh),
  });
  if (answer.status !== 200) {
    // The grant was withdrawn or has run out (18 months): the business must connect again.
    if (answer.status < 500) await store.deleteConnection(accountId);
    throw new AppError('validation', 'vat.not-connected');
  }
  return keep(s, accountId, connection.connectedBy, answer.body);
}
