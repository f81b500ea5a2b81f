import { type Change, type EntityType, entityTypes, type Role, UserSettings } from '@roundwise/core';
import {
  AuthRepository,
  Counters,
  type Db,
  EntityRepository,
  PortalStore,
  PublicLinks,
  putItems,
} from '@roundwise/db';
import { hashPassword } from '../../functions/src/auth/password.ts';
import { DEFAULT_BUSINESS_NAME, type Generation, type Scale, startGeneration } from './generate.ts';
import { seededUlid, sfc32 } from './prng.ts';
import { QuoteLinkIssuer } from './quote-links.ts';

export interface SeedOwner {
  email: string;
  password: string;
  name: string;
  businessName: string;
}

export interface SeedOptions {
  scale: Scale;
  /** YYYY-MM-DD; default today (UTC). Visits up to yesterday are done. */
  today?: string;
  /** Default: a fixed id per scale, so the same scale always lands in the same account. */
  accountId?: string;
  /** Default: `owner@<scale>.roundwise.local`, password `<scale>-password`. */
  owner?: SeedOwner;
  /** Also create an Admin and a Worker (`admin@...`, `worker@...`, the owner's password). Default true. */
  staff?: boolean;
  /** Entities per `batchPut` call; several calls run at once. Default 2500. */
  sliceSize?: number;
  /** `batchPut` calls in flight. Default 1: dynalite is busy enough with one (4 requests). */
  parallel?: number;
  /**
   * Puts a file in the attachments bucket (the receipts of the seeded expenses). Without it the
   * expenses are seeded without receipts: an attachment record always names a file that exists.
   */
  files?: (key: string, body: Uint8Array, contentType: string) => Promise<void>;
  /** Called after each slice is written. */
  progress?: (written: number, total: number) => void;
}

export interface SeedResult {
  accountId: string;
  email: string;
  password: string;
  counts: Record<EntityType, number>;
  /** Everyone who can sign in, with their role. */
  users: { email: string; password: string; role: Role; userId: string }[];
  /**
   * Milliseconds: hashing passwords; then making the data set and writing it, side by side (from
   * the same start: until the last part was made, and until everything was written).
   */
  timings: { users: number; generate: number; write: number };
}

/** A fixed ULID: the same (scale, purpose) always gives the same id. */
const fixedId = (seed: string) => seededUlid(Date.UTC(2024, 0, 1), sfc32(seed));

/** The account id a scale is seeded into unless one is given. */
export const defaultAccountId = (scale: Scale) => fixedId(`account|${scale}`);

export function defaultOwner(scale: Scale): SeedOwner {
  return {
    email: `owner@${scale}.roundwise.local`,
    password: `${scale}-password`,
    name: 'Sam Sparkle',
    businessName: scale === 'demo' ? DEFAULT_BUSINESS_NAME : `${DEFAULT_BUSINESS_NAME} (${scale})`,
  };
}

/**
 * Seeds one business: its people (Owner, plus an Admin and a Worker), every entity of the data
 * set, then the account and the memberships. The account is written last, so an interrupted seed
 * leaves no half-filled account behind and can simply be run again; a seed into an account that
 * already exists is refused (its entities would mix with the new ones).
 */
export async function seedAccount(db: Db, options: SeedOptions): Promise<SeedResult> {
  const { scale } = options;
  const today = options.today ?? new Date().toISOString().slice(0, 10);
  const accountId = options.accountId ?? defaultAccountId(scale);
  const owner = options.owner ?? defaultOwner(scale);
  const auth = new AuthRepository(db);
  if (await auth.getAccount(accountId)) {
    throw new Error(
      `Account ${accountId} already exists in table ${db.tableName}: it has been seeded before. ` +
        'Seed into a new table or data folder, or give another account id and owner email.',
    );
  }

  const domain = owner.email.split('@')[1] ?? `${scale}.roundwise.local`;
  const people: { role: Role; email: string; name: string; userId: string }[] = [
    { role: 'Owner', email: owner.email, name: owner.name, userId: fixedId(`user|${accountId}|owner`) },
  ];
  if (options.staff !== false) {
    people.push(
      {
        role: 'Admin',
        email: `admin@${domain}`,
        name: 'Alex Admin',
        userId: fixedId(`user|${accountId}|admin`),
      },
      {
        role: 'Worker',
        email: `worker@${domain}`,
        name: 'Will Worker',
        userId: fixedId(`user|${accountId}|worker`),
      },
    );
  }
  const userIds = {
    owner: people[0]!.userId,
    admin: people[1]?.userId ?? people[0]!.userId,
    worker: people[2]?.userId ?? people[0]!.userId,
  };

  const generation = startGeneration(scale, { accountId, today, owner, userIds });
  const timings = { users: 0, generate: 0, write: 0 };

  let t = performance.now();
  const { createdDate } = generation.account;
  const hashes = await Promise.all(people.map(() => hashPassword(owner.password)));
  for (const [i, p] of people.entries()) {
    const existing = await auth.getUserByEmail(p.email);
    if (existing && existing.userId !== p.userId) {
      throw new Error(`${p.email} is already the email of another user: choose another owner email.`);
    }
    // Ours from an interrupted run: take it over with the password given now.
    if (existing) await auth.updateUser(p.userId, { passwordHash: hashes[i]!, name: p.name });
    else {
      await auth.createUser({
        userId: p.userId,
        email: p.email,
        name: p.name,
        passwordHash: hashes[i]!,
        emailVerified: true,
        developerMode: false,
        settings: UserSettings.parse({}),
        createdDate,
      });
    }
  }
  timings.users = since(t);

  t = performance.now();
  let lastInvoice = 0;
  const links = new QuoteLinkIssuer(accountId);
  const counts = await writeEntities(
    new EntityRepository(db, accountId),
    generation,
    options,
    async (change) => {
      if (change.type === 'attachment') {
        const key = (change.entity as { key?: string }).key ?? '';
        const receipt = generation.receipts.get(key);
        if (!receipt) return links.issue(change);
        if (!options.files) return undefined;
        await options.files(key, receipt.body, receipt.contentType);
      }
      if (change.type === 'expense' && !options.files) {
        return { ...change, entity: { ...change.entity, attachmentIds: [] } } as Change;
      }
      return links.issue(change);
    },
    () => {
      timings.generate = since(t);
    },
    (change) => {
      const n = Number((change.entity as { invoiceNumber?: string }).invoiceNumber?.slice(4));
      if (change.type === 'transaction' && n > lastInvoice) lastInvoice = n;
    },
  );
  await putItems(db, links.issued.map(PublicLinks.record));
  // The portal's handle (`portal.ts`), unless another account of this table already holds it.
  await new PortalStore(db).claimHandle(scale, accountId);
  // The server numbers new invoices after the seed's (functions/src/payments/number-invoice.ts).
  await new Counters(db).set(accountId, 'invoice', lastInvoice);
  await auth.putAccount(generation.account);
  for (const p of people) {
    await auth.putMembership({
      userId: p.userId,
      accountId,
      roles: [p.role],
      deactivated: false,
      businessName: owner.businessName,
    });
  }
  timings.write = since(t);

  return {
    accountId,
    email: owner.email,
    password: owner.password,
    counts,
    users: people.map((p) => ({ email: p.email, password: owner.password, role: p.role, userId: p.userId })),
    timings,
  };
}

/**
 * Writes the data set's parts as they are made, in slices, a few `batchPut` calls at a time (each
 * keeps 4 requests in flight). The table works in its own thread (locally, dynalite) while this
 * one plays the next part's commands, so making the data costs little time of its own.
 */
async function writeEntities(
  repo: EntityRepository,
  generation: Generation,
  options: SeedOptions,
  prepare: (change: Change) => Promise<Change | undefined>,
  made: () => void,
  seen: (change: Change) => void,
): Promise<Record<EntityType, number>> {
  const sliceSize = options.sliceSize ?? 2500;
  const counts = Object.fromEntries(entityTypes.map((type) => [type, 0])) as Record<EntityType, number>;
  const waiting: Change[] = [];
  const waiters: (() => void)[] = [];
  const wake = () => {
    for (const resolve of waiters.splice(0)) resolve();
  };
  let done = false;
  let failed: unknown;
  const making = (async () => {
    try {
      for await (const part of generation.parts()) {
        for (const made of part) {
          const change = await prepare(made);
          if (!change) continue;
          seen(change);
          waiting.push(change);
        }
        wake();
        if (failed) return;
      }
      made();
    } catch (error) {
      failed ??= error;
    } finally {
      done = true;
      wake();
    }
  })();
  let written = 0;
  const worker = async () => {
    while (!failed) {
      if (waiting.length < sliceSize && !done) {
        await new Promise<void>((resolve) => waiters.push(resolve));
        continue;
      }
      const slice = waiting.splice(0, sliceSize);
      if (!slice.length) return;
      await repo.batchPut(slice);
      for (const c of slice) counts[c.type]++;
      written += slice.length;
      options.progress?.(written, Math.max(written, generation.expected));
    }
  };
  await Promise.all(Array.from({ length: options.parallel ?? 1 }, worker)).catch((error: unknown) => {
    failed ??= error;
  });
  await making;
  if (failed) throw failed;
  return counts;
}

const since = (t: number) => Math.round(performance.now() - t);
