import { AsyncLocalStorage } from 'node:async_hooks';
import { randomBytes, randomUUID } from 'node:crypto';

/**
 * What a piece of work is part of: an API request, a queue job or a scheduled run (`requestId`),
 * and the X-Ray trace it belongs to (`traceHeader`, `Root=1-...;Parent=...;Sampled=...`). Work
 * started inside it (an effect's dispatch after a command's commit) sees the same, so an effect's
 * queue message carries the request's trace header and its delivery joins that trace: in X-Ray
 * (Lambda continues a trace from an SQS message's `AWSTraceHeader`) and in the logs (`traceId`).
 */
export interface Trace {
  requestId: string;
  traceHeader: string;
}

const current = new AsyncLocalStorage<Trace>();

/** Runs `work` as part of `trace`. */
export const withTrace = <T>(trace: Trace, work: () => T): T => current.run(trace, work);

/** The trace the caller runs in, if any. */
export const currentTrace = (): Trace | undefined => current.getStore();

/**
 * A trace for new work. On Lambda with active tracing, the invocation's own (`_X_AMZN_TRACE_ID`);
 * given a header (an SQS message's), that one; otherwise a new id in X-Ray's format.
 */
export function startTrace(requestId: string = randomUUID(), header?: string): Trace {
  const traceHeader =
    header ||
    process.env._X_AMZN_TRACE_ID ||
    `Root=1-${Math.floor(Date.now() / 1000).toString(16)}-${randomBytes(12).toString('hex')};Sampled=0`;
  return { requestId, traceHeader };
}

/** The trace id (`1-5759e988-bd862e3fe1be46a994272793`) of a header, as X-Ray's console finds it. */
export const traceIdOf = (header: string) => /Root=([^;]+)/.exec(header)?.[1] ?? header;
