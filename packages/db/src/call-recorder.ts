import type { Db } from './client.ts';

export interface RecordedCall {
  operation: string;
  start: number;
  end: number;
  /** Capacity units the table reported for the call (`ReturnConsumedCapacity: TOTAL`). */
  units: number;
}

const READS = new Set(['GetItemCommand', 'QueryCommand', 'BatchGetItemCommand', 'ScanCommand']);

/**
 * Records every table call of `db` (an SDK middleware on its client: the document client's calls
 * pass through it too), asking each for its consumed capacity. For the benchmarks and the test
 * that bounds a command's round trips; `stop()` removes it.
 */
export function recordCalls(db: Db) {
  const calls: RecordedCall[] = [];
  const name = `record-calls-${Math.random()}`;
  db.client.middlewareStack.add(
    (next, context) => async (args) => {
      const input = args.input as Record<string, unknown>;
      input.ReturnConsumedCapacity = 'TOTAL';
      const start = performance.now();
      const out = await next(args);
      const reported = (out.output as { ConsumedCapacity?: unknown }).ConsumedCapacity;
      const list = (Array.isArray(reported) ? reported : reported ? [reported] : []) as {
        CapacityUnits?: number;
      }[];
      calls.push({
        operation: context.commandName ?? 'unknown',
        start,
        end: performance.now(),
        units: list.reduce((sum, c) => sum + (c.CapacityUnits ?? 0), 0),
      });
      return out;
    },
    { step: 'initialize', name },
  );
  return {
    calls,
    clear: () => void calls.splice(0),
    stop: () => void db.client.middlewareStack.remove(name),
  };
}

/** Round trips made one after another: calls that overlap in time count as one. */
export function sequentialCalls(calls: readonly RecordedCall[]): number {
  let rounds = 0;
  let busyUntil = Number.NEGATIVE_INFINITY;
  for (const c of [...calls].sort((a, b) => a.start - b.start)) {
    if (c.start >= busyUntil) rounds++;
    busyUntil = Math.max(busyUntil, c.end);
  }
  return rounds;
}

/** Read and write units of the calls, as DynamoDB bills them (transactions at twice the units). */
export function capacityOf(calls: readonly RecordedCall[]): { rcu: number; wcu: number } {
  let rcu = 0;
  let wcu = 0;
  for (const c of calls) {
    if (READS.has(c.operation)) rcu += c.units;
    else wcu += c.units;
  }
  return { rcu, wcu };
}
