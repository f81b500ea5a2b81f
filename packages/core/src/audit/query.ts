import { isIsoDate } from '../schedule/dates.ts';
import type { AuditEntry } from './schema.ts';

/**
 * The audit search's query language (spec 001 section 5): terms, `&&` (and; two terms side by
 * side are and-ed too), `||` (or), `!` (not), brackets, a date `DD/MM/YYYY` (that day),
 * `DD/MM/YYYY..DD/MM/YYYY` (a range, the first date before the last), `before:DD/MM/YYYY` and
 * `after:DD/MM/YYYY`. `!` binds tightest, then `&&`, then `||`. A term matches an entry whose
 * author, action, subject, summary or description contains it, any case; quote a term to keep
 * spaces or operators in it ("side gate").
 */
export type Query =
  | { kind: 'term'; text: string }
  | { kind: 'day'; from: string; to: string }
  | { kind: 'not'; query: Query }
  | { kind: 'and' | 'or'; queries: Query[] };

/** Where the query is wrong: a message key and the span of the query text it is about. */
export class QueryError extends Error {
  constructor(
    readonly code: string,
    readonly at: number,
    readonly length: number,
  ) {
    super(code);
  }
}

type Token =
  | { kind: '&&' | '||' | '!' | '(' | ')' | '..'; at: number; length: number }
  | { kind: 'word'; text: string; quoted: boolean; at: number; length: number };

const OPERATORS = ['&&', '||', '..', '!', '(', ')'] as const;

function tokenise(source: string): Token[] {
  const tokens: Token[] = [];
  let i = 0;
  while (i < source.length) {
    const c = source[i] as string;
    if (/\s/.test(c)) {
      i++;
      continue;
    }
    const op = OPERATORS.find((o) => source.startsWith(o, i));
    if (op) {
      tokens.push({ kind: op, at: i, length: op.length });
      i += op.length;
      continue;
    }
    if (c === '"') {
      const end = source.indexOf('"', i + 1);
      if (end < 0) throw new QueryError('audit.query-unclosed-quote', i, source.length - i);
      tokens.push({ kind: 'word', text: source.slice(i + 1, end), quoted: true, at: i, length: end + 1 - i });
      i = end + 1;
      continue;
    }
    let j = i;
    while (
      j < source.length &&
      !/[\s()!"]/.test(source[j] as string) &&
      !OPERATORS.some((o) => o !== '!' && source.startsWith(o, j))
    )
      j++;
    tokens.push({ kind: 'word', text: source.slice(i, j), quoted: false, at: i, length: j - i });
    i = j;
  }
  return tokens;
}

const DATE_SHAPE = /^\d{1,2}\/\d{1,2}\/\d{4}$/;

/** `DD/MM/YYYY` as `YYYY-MM-DD`; a date-shaped word that is not a real date is an error. */
function isoOf(token: Token): string {
  if (token.kind !== 'word' || !DATE_SHAPE.test(token.text)) {
    throw new QueryError('audit.query-date-invalid', token.at, token.length);
  }
  const [d, m, y] = token.text.split('/');
  const iso = `${y}-${(m as string).padStart(2, '0')}-${(d as string).padStart(2, '0')}`;
  if (!isIsoDate(iso)) throw new QueryError('audit.query-date-invalid', token.at, token.length);
  return iso;
}

/** Parses a query; an empty one is undefined (everything matches). Throws `QueryError`. */
export function parseQuery(source: string): Query | undefined {
  const tokens = tokenise(source);
  if (tokens.length === 0) return undefined;
  let pos = 0;
  const peek = () => tokens[pos];
  const end = () => ({ at: source.length, length: 0 });

  const or = (): Query => {
    const queries = [and()];
    while (peek()?.kind === '||') {
      pos++;
      queries.push(and());
    }
    return queries.length === 1 ? (queries[0] as Query) : { kind: 'or', queries };
  };
  const and = (): Query => {
    const queries = [unary()];
    for (;;) {
      const next = peek();
      if (next?.kind === '&&') {
        pos++;
        queries.push(unary());
      } else if (next && (next.kind === 'word' || next.kind === '!' || next.kind === '(')) {
        queries.push(unary());
      } else break;
    }
    return queries.length === 1 ? (queries[0] as Query) : { kind: 'and', queries };
  };
  const unary = (): Query => {
    if (peek()?.kind === '!') {
      pos++;
      return { kind: 'not', query: unary() };
    }
    return primary();
  };
  const primary = (): Query => {
    const token = peek();
    if (!token) {
      const e = end();
      throw new QueryError('audit.query-expected-term', e.at, e.length);
    }
    pos++;
    if (token.kind === '(') {
      const inner = or();
      if (peek()?.kind !== ')') throw new QueryError('audit.query-unclosed-bracket', token.at, 1);
      pos++;
      return inner;
    }
    if (token.kind !== 'word') throw new QueryError('audit.query-expected-term', token.at, token.length);
    const prefix = token.quoted ? undefined : /^(before|after):(.*)$/i.exec(token.text);
    if (prefix) {
      // `before:01/02/2026`, or the date as the next word (`before: 01/02/2026`).
      const rest = prefix[2]
        ? { ...token, text: prefix[2], at: token.at + prefix[1]!.length + 1, length: prefix[2].length }
        : tokens[pos++];
      if (!rest) throw new QueryError('audit.query-date-invalid', token.at, token.length);
      const iso = isoOf(rest);
      return prefix[1]!.toLowerCase() === 'before'
        ? { kind: 'day', from: '0000-01-01', to: previousDay(iso) }
        : { kind: 'day', from: nextDay(iso), to: '9999-12-31' };
    }
    if (!token.quoted && DATE_SHAPE.test(token.text)) {
      const from = isoOf(token);
      if (peek()?.kind !== '..') return { kind: 'day', from, to: from };
      pos++;
      const last = peek();
      if (!last) {
        const e = end();
        throw new QueryError('audit.query-date-invalid', e.at, e.length);
      }
      pos++;
      const to = isoOf(last);
      if (from >= to)
        throw new QueryError('audit.query-range-order', token.at, last.at + last.length - token.at);
      return { kind: 'day', from, to };
    }
    if (!token.quoted && /^\d+\/\d+\/\d+$/.test(token.text)) {
      throw new QueryError('audit.query-date-invalid', token.at, token.length);
    }
    return { kind: 'term', text: token.text.toLowerCase() };
  };

  const query = or();
  const extra = peek();
  if (extra) throw new QueryError('audit.query-unexpected', extra.at, extra.length);
  return query;
}

const shift = (iso: string, days: number) =>
  new Date(Date.parse(`${iso}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);
const nextDay = (iso: string) => shift(iso, 1);
const previousDay = (iso: string) => shift(iso, -1);

/** The calendar day of an instant in `timeZone`. */
export function dayIn(timestamp: string, timeZone: string): string {
  return new Intl.DateTimeFormat('en-CA', {
    timeZone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).format(new Date(timestamp));
}

/** Does an entry match? Days are read in the business's time zone. */
export function matchesQuery(query: Query | undefined, entry: AuditEntry, timeZone: string): boolean {
  if (!query) return true;
  switch (query.kind) {
    case 'term':
      return haystack(entry).includes(query.text);
    case 'day': {
      const day = dayIn(entry.timestamp, timeZone);
      return day >= query.from && day <= query.to;
    }
    case 'not':
      return !matchesQuery(query.query, entry, timeZone);
    case 'and':
      return query.queries.every((q) => matchesQuery(q, entry, timeZone));
    case 'or':
      return query.queries.some((q) => matchesQuery(q, entry, timeZone));
  }
}

const haystacks = new WeakMap<AuditEntry, string>();
function haystack(entry: AuditEntry): string {
  let text = haystacks.get(entry);
  if (text === undefined) {
    text = [
      entry.createdBy,
      entry.action,
      entry.subject.resourceType,
      entry.subject.id,
      entry.actionDetailsSummary ?? '',
      entry.actionDetailsDescription,
    ]
      .join('\n')
      .toLowerCase();
    haystacks.set(entry, text);
  }
  return text;
}

/**
 * The days a query can match at most, when its top level requires them (a range and-ed with
 * terms): the server reads only that part of the log. Undefined bounds: any day.
 */
export function dayBounds(query: Query | undefined): { from?: string; to?: string } {
  if (!query) return {};
  const parts = query.kind === 'and' ? query.queries : [query];
  let from: string | undefined;
  let to: string | undefined;
  for (const p of parts) {
    if (p.kind !== 'day') continue;
    if (!from || p.from > from) from = p.from;
    if (!to || p.to < to) to = p.to;
  }
  return { ...(from && from !== '0000-01-01' ? { from } : {}), ...(to && to !== '9999-12-31' ? { to } : {}) };
}
