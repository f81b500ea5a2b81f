import type { LogSink } from '../../functions/src/log.ts';

/**
 * The local runtime's terminal form of the app's log lines (functions/src/log.ts): the same lines
 * Lambda writes as JSON, one short line each. `ROUNDWISE_LOG=json` prints the JSON instead.
 * Metric lines (the heartbeats, the outbox's age every minute) are left out: they are for
 * CloudWatch.
 */
export function readableLog(write: (line: string) => void): LogSink {
  return (line) => {
    if (line.type === 'metric') return;
    const parts: (string | number | undefined)[] = [
      `[${line.type}]`,
      line.method,
      line.route,
      line.command,
      line.job,
      line.effectId && `effect ${line.effectId}`,
      line.status,
      line.durationMs !== undefined ? `${line.durationMs} ms` : undefined,
      line.accountId && `account ${line.accountId}`,
      line.receiveCount && line.receiveCount > 1 ? `receive ${line.receiveCount}` : undefined,
      line.counts && Object.keys(line.counts).length > 0 ? JSON.stringify(line.counts) : undefined,
      line.error && `\n  ${line.error}`,
    ];
    write(parts.filter((part) => part !== undefined && part !== '').join(' '));
  };
}

/** JSON lines on stdout, as in Lambda. */
export const jsonLog =
  (write: (line: string) => void): LogSink =>
  (line) =>
    write(JSON.stringify(line));
