import { describe, expect, it } from 'vitest';
import { errorFields, log, mask, setLogSink, type WrittenLine } from './log.ts';
import { startTrace, traceIdOf, withTrace } from './trace.ts';

const capture = (write: () => void) => {
  const lines: WrittenLine[] = [];
  const restore = setLogSink((line) => lines.push(line));
  try {
    write();
  } finally {
    restore();
  }
  return lines;
};

describe('log lines', () => {
  it('keep only the known fields: a name, an address, a password or a token given by mistake is dropped', () => {
    const [line] = capture(() =>
      log({
        type: 'request',
        requestId: 'req-1',
        accountId: '01JABCDEFGHJKMNPQRSTVWXYZ0',
        status: 200,
        durationMs: 12,
        ...({
          email: 'pat@example.com',
          name: 'Pat Private',
          password: 'hunter2',
          token: 'tok_live_abcdef',
          body: { card: '4242424242424242' },
        } as object),
      }),
    );
    expect(line).toEqual({
      time: expect.any(String),
      level: 'info',
      type: 'request',
      requestId: 'req-1',
      accountId: '01JABCDEFGHJKMNPQRSTVWXYZ0',
      status: 200,
      durationMs: 12,
    });
  });

  it("mask an error's addresses, phone and card numbers, credentials and token-like words", () => {
    const error = new Error(
      'Send to pat.private@example.co.uk failed (+44 7700 900123), card 4242 4242 4242 4242, ' +
        'Authorization: Bearer sk_live_51Habc, link /go/q/k3J9x_2mQpLr8TzVw4Yb1NcD7s',
    );
    const [line] = capture(() =>
      log({ type: 'job', job: 'effect', status: 'failed', ...errorFields(error) }),
    );
    expect(line?.level).toBe('error');
    expect(line?.errorName).toBe('Error');
    for (const leaked of ['pat.private', 'example.co.uk', '7700', '900123', '4242', 'sk_live', 'k3J9x']) {
      expect(line?.error).not.toContain(leaked);
    }
    expect(line?.error).toContain('Send to [email] failed');
    expect(mask('No handler registered for effect reminders.send')).toBe(
      'No handler registered for effect reminders.send',
    );
  });

  it('carry the trace and request of the work they are written in', () => {
    const trace = startTrace('req-9', 'Root=1-5759e988-bd862e3fe1be46a994272793;Sampled=1');
    const [line] = capture(() => withTrace(trace, () => log({ type: 'error', errorName: 'Error' })));
    expect(line).toMatchObject({ requestId: 'req-9', traceId: '1-5759e988-bd862e3fe1be46a994272793' });
    expect(traceIdOf(startTrace().traceHeader)).toMatch(/^1-[0-9a-f]{8}-[0-9a-f]{24}$/);
  });
});
