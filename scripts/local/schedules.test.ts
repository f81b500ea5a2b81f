import { Cron } from 'croner';
import { describe, expect, it } from 'vitest';
import {
  NIGHTLY_BACKUP_SCHEDULE,
  OUTBOX_DUE_SCHEDULE,
  OUTBOX_SWEEP_SCHEDULE,
  PAYMENTS_PULL_SCHEDULE,
} from '../../stacks/schedules.ts';
import { SCHEDULES, startSchedules, toCron } from './schedules.ts';

/** The next runs croner computes for a pattern, from a fixed instant, in UTC. */
const runs = (pattern: string, from: string, n = 3) =>
  new Cron(pattern, { timezone: 'UTC', paused: true }).nextRuns(n, from).map((d) => d.toISOString());

describe('toCron', () => {
  it('uses the same expressions as the stacks', () => {
    expect(SCHEDULES).toEqual({
      nightlyBackup: NIGHTLY_BACKUP_SCHEDULE,
      outboxSweep: OUTBOX_SWEEP_SCHEDULE,
      outboxDue: OUTBOX_DUE_SCHEDULE,
      paymentsPull: PAYMENTS_PULL_SCHEDULE,
    });
  });

  it('maps the schedules the stacks use', () => {
    expect(toCron('rate(15 minutes)')).toBe('*/15 * * * *');
    expect(toCron('cron(0 2 * * ? *)')).toBe('0 0 2 * * ? *');
  });

  it('runs a quarter-hourly rate every quarter hour and the backup nightly at 02:00 UTC', () => {
    expect(runs(toCron('rate(15 minutes)'), '2026-03-01T10:07:00Z')).toEqual([
      '2026-03-01T10:15:00.000Z',
      '2026-03-01T10:30:00.000Z',
      '2026-03-01T10:45:00.000Z',
    ]);
    expect(runs(toCron('cron(0 2 * * ? *)'), '2026-03-01T10:07:00Z', 2)).toEqual([
      '2026-03-02T02:00:00.000Z',
      '2026-03-03T02:00:00.000Z',
    ]);
  });

  it('maps every rate unit, singular and plural', () => {
    expect(toCron('rate(1 minute)')).toBe('* * * * *');
    expect(toCron('rate(5 minutes)')).toBe('*/5 * * * *');
    expect(toCron('rate(120 minutes)')).toBe('0 */2 * * *');
    expect(toCron('rate(1 hour)')).toBe('0 * * * *');
    expect(toCron('rate(6 hours)')).toBe('0 */6 * * *');
    expect(toCron('rate(48 hours)')).toBe('0 0 */2 * *');
    expect(toCron('rate(1 day)')).toBe('0 0 * * *');
    expect(toCron('rate(7 days)')).toBe('0 0 */7 * *');
    expect(toCron(' RATE(2 Hours) ')).toBe('0 */2 * * *');
  });

  it('shifts EventBridge day-of-week numbers (1 = Sunday) to croner (0 = Sunday)', () => {
    expect(toCron('cron(0 9 ? * 2-6 *)')).toBe('0 0 9 ? * 1-5 *');
    expect(toCron('cron(0 9 ? * 1,7 *)')).toBe('0 0 9 ? * 0,6 *');
    expect(toCron('cron(0 9 ? * 6#3 *)')).toBe('0 0 9 ? * 5#3 *');
    expect(toCron('cron(0 9 ? * 6L *)')).toBe('0 0 9 ? * 5L *');
    expect(toCron('cron(0 9 ? * MON-FRI *)')).toBe('0 0 9 ? * MON-FRI *');
    // Monday 2 March 2026 is the first weekday run after Saturday 28 February.
    expect(runs(toCron('cron(30 8 ? * 2-6 *)'), '2026-02-28T00:00:00Z', 2)).toEqual([
      '2026-03-02T08:30:00.000Z',
      '2026-03-03T08:30:00.000Z',
    ]);
    // The third Friday of March 2026 is the 20th.
    expect(runs(toCron('cron(0 9 ? * 6#3 *)'), '2026-03-01T00:00:00Z', 1)).toEqual([
      '2026-03-20T09:00:00.000Z',
    ]);
  });

  it('keeps day-of-month, month and year fields', () => {
    expect(toCron('cron(15 10 L * ? 2027)')).toBe('0 15 10 L * ? 2027');
    expect(runs(toCron('cron(0 12 1 JAN,JUL ? *)'), '2026-03-01T00:00:00Z', 2)).toEqual([
      '2026-07-01T12:00:00.000Z',
      '2027-01-01T12:00:00.000Z',
    ]);
  });

  it('passes one-time at() schedules through as an ISO date-time', () => {
    expect(toCron('at(2026-03-01T09:00:00)')).toBe('2026-03-01T09:00:00');
  });

  it('rejects what it cannot express', () => {
    expect(() => toCron('rate(0 minutes)')).toThrow(/at least 1/);
    expect(() => toCron('rate(7 minutes)')).not.toThrow();
    expect(() => toCron('rate(90 minutes)')).toThrow(/Unsupported/);
    expect(() => toCron('rate(5 weeks)')).toThrow(/Unsupported/);
    expect(() => toCron('cron(0 2 * * ?)')).toThrow(/6 fields/);
    expect(() => toCron('cron(0 2 ? * 8 *)')).toThrow(/day of week/);
    expect(() => toCron('*/5 * * * *')).toThrow(/expected rate/);
  });
});

describe('startSchedules', () => {
  it('registers each expression, reports next runs, runs on trigger and stops', async () => {
    const ran: string[] = [];
    const lines: string[] = [];
    const schedules = startSchedules(
      [
        { name: 'quarter-hourly', expression: 'rate(15 minutes)', run: async () => void ran.push('quarter') },
        {
          name: 'nightly-backup',
          expression: 'cron(0 2 * * ? *)',
          run: async () => {
            throw new Error('bucket missing');
          },
        },
      ],
      { log: (line) => lines.push(line) },
    );
    try {
      expect(schedules.list().map((s) => [s.name, s.pattern])).toEqual([
        ['quarter-hourly', '*/15 * * * *'],
        ['nightly-backup', '0 0 2 * * ? *'],
      ]);
      expect(schedules.list().every((s) => s.nextRun instanceof Date)).toBe(true);
      await schedules.trigger('quarter-hourly');
      await schedules.trigger('nightly-backup');
      expect(ran).toEqual(['quarter']);
      expect(lines.some((l) => l.includes('nightly-backup failed') && l.includes('bucket missing'))).toBe(
        true,
      );
      expect(schedules.healthy()).toBe(true);
    } finally {
      await schedules.stop();
    }
    expect(schedules.healthy()).toBe(false);
  });
});
