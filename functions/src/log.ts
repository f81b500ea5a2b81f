import { currentTrace, traceIdOf } from './trace.ts';

/**
 * Structured logs: one JSON line per API request, per background job and per scheduled run, in
 * Lambda (stdout, which CloudWatch Logs keeps) and in the local runtime (the same lines, or a
 * readable form of them in a terminal: `scripts/local/log-format.ts`).
 *
 * A line carries only the fields named here. Ids, names, statuses and durations say what happened
 * and to which account; a customer's personal data, a token or a card detail never belongs in a
 * log, so there is no field for it, any other key is dropped, and free text (an error's message)
 * is masked before it is written.
 */
export interface LogLine {
  type: 'request' | 'job' | 'schedule' | 'metric' | 'error';
  /** API Gateway's request id, the SQS message id, or one made locally. */
  requestId?: string;
  /** The X-Ray trace (`Root=...`) the line belongs to: an API request and the effects it caused. */
  traceId?: string;
  accountId?: string;
  /** A command's name (`POST /api/commands/:name`). */
  command?: string;
  method?: string;
  /** The matched route's pattern (`/api/go/q/:token`), never the path itself: paths carry tokens. */
  route?: string;
  /** A queue job's type or a schedule's name. */
  job?: string;
  /** An effect's kind and id (`queue/jobs.ts`). */
  effect?: string;
  effectId?: string;
  /** An HTTP status, or `ok` / `failed` for a job. */
  status?: number | 'ok' | 'failed';
  durationMs?: number;
  /** How many times SQS has handed this message out (5 and it goes to the dead-letter queue). */
  receiveCount?: number;
  /** Counts a job reports (`{ sent: 3 }`): numbers only. */
  counts?: Record<string, number>;
  errorName?: string;
  /** An error's message and stack, masked (`mask`). */
  error?: string;
  /** Embedded-metric fields (`metrics.ts`). */
  metric?: string;
  value?: number;
  Stage?: string;
  Job?: string;
  JobSucceeded?: number;
  OutboxOldestAgeSeconds?: number;
  _aws?: Record<string, unknown>;
}

const FIELDS = new Set<string>([
  'type',
  'requestId',
  'traceId',
  'accountId',
  'command',
  'method',
  'route',
  'job',
  'effect',
  'effectId',
  'status',
  'durationMs',
  'receiveCount',
  'counts',
  'errorName',
  'error',
  'metric',
  'value',
  'Stage',
  'Job',
  'JobSucceeded',
  'OutboxOldestAgeSeconds',
  '_aws',
] satisfies (keyof LogLine)[]);

/** Where lines go: stdout by default (Lambda; none with `ROUNDWISE_LOG=off`); the local runtime sets its own. */
export type WrittenLine = LogLine & { time: string; level: 'info' | 'error' };
export type LogSink = (line: WrittenLine) => void;

const stdout: LogSink = (line) => {
  // The test suites run the app thousands of times: their lines would bury the report.
  if (process.env.ROUNDWISE_LOG === 'off') return;
  // Written straight to stdout, not console.log: Lambda prefixes console.log lines with a time and
  // level, and CloudWatch reads embedded metrics only from a line that is JSON from its start.
  process.stdout.write(`${JSON.stringify(line)}\n`);
};

let sink: LogSink = stdout;

/** Sends lines to `next` until the returned function puts the previous sink back. */
export function setLogSink(next: LogSink): () => void {
  const previous = sink;
  sink = next;
  return () => {
    sink = previous;
  };
}

/** Writes one line, with only the known fields; `error` lines and failures at level error. */
export function log(line: LogLine) {
  const trace = currentTrace();
  const kept: Record<string, unknown> = trace
    ? { requestId: trace.requestId, traceId: traceIdOf(trace.traceHeader) }
    : {};
  for (const [key, value] of Object.entries(line)) {
    if (FIELDS.has(key) && value !== undefined) kept[key] = key === 'error' ? mask(String(value)) : value;
  }
  const failed =
    line.type === 'error' ||
    line.status === 'failed' ||
    (typeof line.status === 'number' && line.status >= 500);
  sink({ time: new Date().toISOString(), level: failed ? 'error' : 'info', ...(kept as unknown as LogLine) });
}

/** The fields of a thrown value worth logging: its class and its masked message and stack. */
export function errorFields(error: unknown): Pick<LogLine, 'errorName' | 'error'> {
  if (error instanceof Error) return { errorName: error.name, error: error.stack ?? error.message };
  return { errorName: typeof error, error: String(error) };
}

/**
 * Masks what free text may carry that a log must not: email addresses, phone and card numbers
 * (runs of 7 or more digits, with spaces or dashes), bearer credentials and long token-like
 * strings. Ids (26-character ULIDs) look like tokens and are masked too; the line's own id fields
 * are not free text and stay.
 */
export function mask(text: string): string {
  return text
    .replace(/[^\s@<>"'(),;:]+@[^\s@<>"'(),;:]+\.[A-Za-z]{2,}/g, '[email]')
    .replace(/\b(Bearer|Basic|Client-ID)\s+\S+/gi, '$1 [secret]')
    .replace(/\+?\d(?:[\s-]?\d){6,}/g, '[number]')
    .replace(/[A-Za-z0-9_-]{20,}/g, (word) => (/\d/.test(word) && /[A-Za-z]/.test(word) ? '[token]' : word));
}
