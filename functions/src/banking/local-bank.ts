import { createHmac, timingSafeEqual } from 'node:crypto';
import { Banking } from '@roundwise/core';
import {
  type BankConsent,
  type BankDataProvider,
  type BankTransaction,
  CallLimitReached,
  ConsentExpired,
  type Institution,
  UnknownConsent,
} from './provider.ts';

/** The local bank's path under the API: its consent page (`api/banking-data.ts` serves it). */
export const LOCAL_CONSENT_PATH = '/api/banking-data/local-bank/consent';
/** Calls a day for each account and kind of data, as GoCardless and TrueLayer allow. */
export const LOCAL_DAILY_LIMIT = Banking.DAILY_CALLS;

const NAMES = [
  'Barclays',
  'HSBC UK',
  'Lloyds Bank',
  'NatWest',
  'Santander UK',
  'Nationwide',
  'Monzo',
  'Starling Bank',
  'Halifax',
  'TSB',
  'Royal Bank of Scotland',
  'Metro Bank',
  'Tide',
  'Revolut Business',
  'Co-operative Bank',
];
const INSTITUTIONS: Institution[] = NAMES.map((name, i) => ({
  id: `local-${name
    .toLowerCase()
    .replace(/[^a-z]+/g, '-')
    .replace(/-$/, '')}`,
  name,
  logo: logoOf(name, i),
  popularity: 1000 - i * 37,
}));

const ACCOUNTS = [
  { id: 'acc-current', name: 'Business Current Account' },
  { id: 'acc-savings', name: 'Business Savings' },
];

const IN = ['FP J SMITH', 'FP A PATEL', 'FP M JONES', 'BGC R TAYLOR', 'STRIPE PAYMENTS UK'];
const OUT = ['SHELL 1234 LONDON GB', 'SCREWFIX DIRECT', 'TESCO STORES 2231', 'VODAFONE LTD', 'HMRC VAT'];

/**
 * A bank for `npm start` and the tests, playing what real ones do: a consent page, two accounts,
 * balances, a statement made from the day (the same lines however often it is read), a payment
 * pending on its day and booked the next (then it shows under a new id, and booked ids are
 * reissued every 30 days, so ids are not stable), consent that ends after 90 days, and at most
 * four calls a day per account and kind of data. Its state is in its signed codes, so the API
 * and the queue worker need share nothing; only the call counts are the process's own.
 */
export function localBank(opts: { secret: string; publicUrl: string; now: () => Date }): LocalBank {
  const calls = new Map<string, number>();
  const sign = (payload: object) => {
    const body = Buffer.from(JSON.stringify(payload)).toString('base64url');
    return `${body}.${createHmac('sha256', opts.secret).update(body).digest('base64url')}`;
  };
  const open = <T>(token: string): T => {
    const [body = '', mac = ''] = token.split('.');
    const want = createHmac('sha256', opts.secret).update(body).digest();
    const got = Buffer.from(mac, 'base64url');
    if (got.length !== want.length || !timingSafeEqual(got, want)) throw new UnknownConsent('unknown');
    return JSON.parse(Buffer.from(body, 'base64url').toString()) as T;
  };
  type Connection = { institutionId: string; grantedAt: string; reference: string };
  const connection = (id: string, kind: string, accountId?: string) => {
    const c = open<Connection & { kind?: string }>(id);
    if (c.kind !== 'connection') throw new UnknownConsent('not a connection');
    const now = opts.now();
    const ends = Date.parse(c.grantedAt) + Banking.CONSENT_DAYS * 86_400_000;
    if (now.getTime() >= ends) throw new ConsentExpired('consent expired');
    const key = `${id}|${accountId}|${kind}|${now.toISOString().slice(0, 10)}`;
    const used = (calls.get(key) ?? 0) + 1;
    if (used > LOCAL_DAILY_LIMIT) throw new CallLimitReached(kind);
    calls.set(key, used);
    return c;
  };
  const today = () => opts.now().toISOString().slice(0, 10);

  return {
    name: 'local',
    stableIds: false,
    async institutions() {
      return [...INSTITUTIONS];
    },
    async authLink({ institutionId, reference, redirectUri }) {
      if (!INSTITUTIONS.some((i) => i.id === institutionId)) throw new UnknownConsent('institution');
      const session = sign({ kind: 'session', institutionId, reference, redirectUri });
      return `${opts.publicUrl}${LOCAL_CONSENT_PATH}?session=${encodeURIComponent(session)}`;
    },
    async exchangeCode(code): Promise<BankConsent> {
      const c = open<Connection & { kind?: string }>(code);
      if (c.kind !== 'code') throw new UnknownConsent('not a code');
      const institution = INSTITUTIONS.find((i) => i.id === c.institutionId);
      if (!institution) throw new UnknownConsent('institution');
      const connectionId = sign({
        kind: 'connection',
        institutionId: c.institutionId,
        reference: c.reference,
        grantedAt: opts.now().toISOString(),
      });
      return {
        connectionId,
        reference: c.reference,
        institutionId: institution.id,
        institutionName: institution.name,
      };
    },
    async accounts(connectionId) {
      connection(connectionId, 'accounts');
      return ACCOUNTS;
    },
    async balance(connectionId, accountId) {
      connection(connectionId, 'balance', accountId);
      const lines = statement(connectionId, accountId, Banking.addDays(today(), -90), today(), today());
      return Math.round(lines.reduce((s, l) => s + l.amount * 100, 250_000)) / 100;
    },
    async transactions(connectionId, accountId, from, to) {
      connection(connectionId, 'transactions', accountId);
      return statement(connectionId, accountId, from, to, today()).filter((l) => !l.pending);
    },
    async pendingTransactions(connectionId, accountId) {
      connection(connectionId, 'pending', accountId);
      return statement(connectionId, accountId, Banking.addDays(today(), -2), today(), today()).filter(
        (l) => l.pending,
      );
    },
    consent(session) {
      const s = open<{ kind?: string; institutionId: string; reference: string; redirectUri: string }>(
        session,
      );
      if (s.kind !== 'session') throw new UnknownConsent('not a session');
      const institution = INSTITUTIONS.find((i) => i.id === s.institutionId);
      return {
        institutionName: institution?.name ?? s.institutionId,
        redirect: `${s.redirectUri}?code=${encodeURIComponent(sign({ kind: 'code', institutionId: s.institutionId, reference: s.reference }))}`,
      };
    },
  };
}

/** The local bank: the provider, and its consent page's answer (a code for the redirect). */
export interface LocalBank extends BankDataProvider {
  consent(session: string): { institutionName: string; redirect: string };
}

export const isLocalBank = (p: BankDataProvider | undefined): p is LocalBank =>
  !!p && 'consent' in p && typeof p.consent === 'function';

/**
 * The account's lines from `from` to `to` as seen on `today`: each made from its day. A payment
 * made on day d is pending (dated d) until d + 2, then booked, dated d + 1.
 */
function statement(connectionId: string, accountId: string, from: string, to: string, today: string) {
  const out: (BankTransaction & { pending: boolean })[] = [];
  const epoch = Math.floor(Date.parse(today) / (30 * 86_400_000));
  for (let d = Banking.addDays(from, -1); d <= to; d = Banking.addDays(d, 1)) {
    if (d > today) break;
    const seed = hashOf(`${connectionId.slice(-16)}|${accountId}|${d}`);
    const count = accountId === 'acc-savings' ? (seed % 7 === 0 ? 1 : 0) : 1 + (seed % 3);
    for (let i = 0; i < count; i++) {
      const r = hashOf(`${seed}|${i}`);
      const incoming = r % 2 === 0;
      const payee = (incoming ? IN : OUT)[r % 5] ?? '';
      const amount = (incoming ? 1 : -1) * (10 + ((r >>> 4) % 80) * 0.5);
      const pending = Banking.addDays(d, 2) > today;
      const date = pending ? d : Banking.addDays(d, 1);
      if (date < from || date > to) continue;
      out.push({
        id: pending ? `pnd-${seed}-${i}` : `txn-${seed}-${i}-${epoch}`,
        date,
        amount,
        payee,
        description: incoming ? 'Faster payment' : 'Card payment',
        pending,
      });
    }
  }
  return out;
}

function hashOf(text: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) h = Math.imul(h ^ text.charCodeAt(i), 0x01000193);
  return h >>> 0;
}

function logoOf(name: string, i: number): string {
  const colours = ['#00aeef', '#db0011', '#006a4d', '#5a287d', '#ec0000', '#003b8e', '#ff4f40', '#6935d3'];
  const initials = name
    .split(/\s+/)
    .map((w) => w[0])
    .join('')
    .slice(0, 2);
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="40" height="40"><rect width="40" height="40" rx="8" fill="${colours[i % colours.length]}"/><text x="20" y="26" font-family="sans-serif" font-size="15" fill="#fff" text-anchor="middle">${initials}</text></svg>`;
  return `data:image/svg+xml;base64,${Buffer.from(svg).toString('base64')}`;
}
