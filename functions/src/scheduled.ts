import type { Deps } from './context.ts';
import { errorFields, log } from './log.ts';
import { type HeartbeatJob, heartbeat, METRIC, putMetric } from './metrics.ts';
import { startTrace, traceIdOf, withTrace } from './trace.ts';

/**
 * Runs one scheduled job (EventBridge in production, croner locally) in a trace of its own,
 * writes its log line with the counts it returns and, when it succeeded, its heartbeat: the
 * metric whose absence the `-missed` alarms watch (stacks/schedules.ts). A failure is rethrown, so
 * Lambda counts it as the function's error.
 */
export async function runScheduled<T extends object>(job: HeartbeatJob, run: () => Promise<T>): Promise<T> {
  const trace = startTrace();
  const started = performance.now();
  const line = {
    type: 'schedule' as const,
    job,
    requestId: trace.requestId,
    traceId: traceIdOf(trace.traceHeader),
  };
  try {
    const result = await withTrace(trace, run);
    const counts = Object.fromEntries(Object.entries(result).filter(([, v]) => typeof v === 'number'));
    log({ ...line, status: 'ok', durationMs: Math.round(performance.now() - started), counts });
    heartbeat(job);
    return result;
  } catch (error) {
    log({
      ...line,
      status: 'failed',
      durationMs: Math.round(performance.now() - started),
      ...errorFields(error),
    });
    throw error;
  }
}

/** How long the oldest effect still pending has waited, as the outbox-age alarm's metric. */
export async function reportOutboxAge(s: Deps): Promise<number> {
  const oldest = await s.outbox.oldestPending(s.now());
  const seconds = Math.round((oldest?.waitingMs ?? 0) / 1000);
  putMetric(METRIC.outboxOldestAge, seconds, 'Seconds');
  return seconds;
}
