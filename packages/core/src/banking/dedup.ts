import {
  type BankLine,
  daysApart,
  type IncomingLine,
  type LineSource,
  normalisePayee,
  toPence,
} from './schema.ts';

/** A line and its twin are at most this many days apart (a pending card payment books a day or two later). */
export const TWIN_DAYS = 3;

export interface MergeOptions {
  paymentAccountId: string;
  source: LineSource;
  /** The provider keeps one id for a transaction for ever; false for a bank that reissues them. */
  stableIds: boolean;
  now: string;
}

export interface MergeResult {
  /** New lines, with ids made from what they are (a rerun over its own writes makes the same ids). */
  added: BankLine[];
  /** Held pending lines whose booked twin arrived: the same id, now booked. */
  replaced: BankLine[];
  /** Incoming lines already held. */
  skipped: number;
}

/**
 * Merges an import into the lines an account already holds, so every line is held once
 * (docs/banking.md): the provider's id when its ids are stable; otherwise the same amount and
 * normalised payee within `TWIN_DAYS`, one held line for one incoming line (the occurrence: two
 * identical real payments are two lines, and an import of them again finds both). A booked line
 * takes its pending twin's place. Pure, so the same import over the same lines merges the same way
 * on a device, on the server and after a crash part-way.
 */
export function mergeImport(
  held: readonly BankLine[],
  incoming: readonly IncomingLine[],
  o: MergeOptions,
): MergeResult {
  const byProviderId = new Map<string, BankLine>();
  const clusters = new Map<string, BankLine[]>();
  const ids = new Set<string>();
  for (const line of held) {
    ids.add(line._id);
    if (line.providerId) byProviderId.set(line.providerId, line);
    const key = clusterKey(line.amount, line.payeeKey);
    const list = clusters.get(key);
    if (list) list.push(line);
    else clusters.set(key, [line]);
  }
  const claimed = new Set<string>();
  const added: BankLine[] = [];
  const replaced = new Map<string, BankLine>();
  let skipped = 0;

  const upgrade = (line: BankLine, twin: IncomingLine) => {
    if (line.status === 'pending' && twin.status === 'booked') {
      replaced.set(line._id, {
        ...line,
        status: 'booked',
        date: twin.date,
        providerId: twin.providerId,
        payee: twin.payee || line.payee,
        description: twin.description || line.description,
      });
    } else skipped++;
  };

  // Oldest first, a booked line before a pending one of its day: a twin meets its held line first.
  const ordered = [...incoming].sort(
    (a, b) => a.date.localeCompare(b.date) || (a.status === b.status ? 0 : a.status === 'booked' ? -1 : 1),
  );
  for (const line of ordered) {
    const payeeKey = normalisePayee(line.payee || line.description);
    if (o.stableIds && line.providerId) {
      const same = byProviderId.get(line.providerId);
      if (same && !claimed.has(same._id)) {
        claimed.add(same._id);
        upgrade(same, line);
        continue;
      }
    }
    const key = clusterKey(line.amount, payeeKey);
    const twin = nearest(clusters.get(key) ?? [], line, claimed, o.stableIds);
    if (twin) {
      claimed.add(twin._id);
      upgrade(twin, line);
      continue;
    }
    const stored: BankLine = {
      _id: lineId(o.paymentAccountId, line, payeeKey, ids, o.stableIds),
      paymentAccountId: o.paymentAccountId,
      source: o.source,
      ...(line.providerId ? { providerId: line.providerId } : {}),
      status: line.status,
      date: line.date,
      amount: line.amount,
      payee: line.payee,
      payeeKey,
      description: line.description,
      importedAt: o.now,
    };
    ids.add(stored._id);
    claimed.add(stored._id);
    added.push(stored);
    const list = clusters.get(key);
    if (list) list.push(stored);
    else clusters.set(key, [stored]);
  }
  return { added, replaced: [...replaced.values()], skipped };
}

const clusterKey = (amount: number, payeeKey: string) => `${toPence(amount)}|${payeeKey}`;

/**
 * The held line of a cluster nearest in date to an incoming one, within `TWIN_DAYS` and not yet
 * taken by another incoming line. Two booked lines with different stable ids are two payments.
 */
function nearest(
  cluster: readonly BankLine[],
  line: IncomingLine,
  claimed: ReadonlySet<string>,
  stableIds: boolean,
): BankLine | undefined {
  let best: BankLine | undefined;
  let bestDays = Number.POSITIVE_INFINITY;
  for (const held of cluster) {
    if (claimed.has(held._id)) continue;
    const days = daysApart(held.date, line.date);
    if (days > TWIN_DAYS) continue;
    const distinct =
      stableIds &&
      held.status === 'booked' &&
      line.status === 'booked' &&
      held.providerId !== undefined &&
      line.providerId !== undefined &&
      held.providerId !== line.providerId;
    if (distinct) continue;
    if (days < bestDays || (days === bestDays && best && held.date < best.date)) {
      best = held;
      bestDays = days;
    }
  }
  return best;
}

/**
 * A new line's id, made from what it is: the provider's id when stable, else account, day, amount,
 * payee and its occurrence among identical lines of that day. A run taken over after a crash, or a
 * second import racing it, makes the same ids, so the table holds the line once.
 */
function lineId(
  accountId: string,
  line: IncomingLine,
  payeeKey: string,
  taken: ReadonlySet<string>,
  stableIds: boolean,
): string {
  if (stableIds && line.providerId) {
    const id = `bl-${hash(`${accountId}|id|${line.providerId}`)}`;
    if (!taken.has(id)) return id;
  }
  for (let occurrence = 0; ; occurrence++) {
    const id = `bl-${hash(`${accountId}|${line.date}|${toPence(line.amount)}|${payeeKey}|${occurrence}`)}`;
    if (!taken.has(id)) return id;
  }
}

/** Two 32-bit FNV-1a hashes of a text (different seeds), as 16 hex digits: an id, not a secret. */
function hash(text: string): string {
  let a = 0x811c9dc5;
  let b = 0x01000193 ^ 0x5bd1e995;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    a = Math.imul(a ^ c, 0x01000193);
    b = Math.imul(b ^ c, 0x5bd1e995) ^ (b >>> 13);
  }
  return (a >>> 0).toString(16).padStart(8, '0') + (b >>> 0).toString(16).padStart(8, '0');
}
