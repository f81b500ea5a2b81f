import { Cron } from 'croner';

/**
 * The production schedules, as in stacks/schedules.ts (a test keeps them equal; importing the
 * stack here would load aws-cdk-lib into the runtime's start).
 */
export const SCHEDULES = {
  nightlyBackup: 'cron(0 2 * * ? *)',
  outboxSweep: 'rate(5 minutes)',
  outboxDue: 'rate(1 minute)',
  paymentsPull: 'rate(15 minutes)',
} as const;

/**
 * EventBridge schedule expressions, run by croner in the local runtime.
 *
 * - `rate(15 minutes)`, `rate(1 hour)`, `rate(2 days)` become aligned steps (`*\/15` minutes,
 *   ...). EventBridge counts a rate from when the rule was created; locally it runs on the clock's
 *   boundaries, which is what a developer expects to see.
 * - `cron(min hour day-of-month month day-of-week year)` becomes croner's 7-part pattern with a
 *   leading `0` seconds field. Day-of-week numbers are 1-7 = SUN-SAT in EventBridge and 0-6 in
 *   croner, so they are shifted; names (MON-FRI), `?`, `L`, `W` and `#` mean the same in both.
 * - `at(2026-03-01T09:00:00)` (EventBridge Scheduler's one-time schedule) stays an ISO date-time,
 *   which croner runs once.
 */
export function toCron(expression: string): string {
  const text = expression.trim();
  const rate = /^rate\(\s*(\d+)\s+(minute|minutes|hour|hours|day|days)\s*\)$/i.exec(text);
  if (rate) {
    const value = Number(rate[1]);
    const unit = rate[2]!.toLowerCase().replace(/s$/, '') as 'minute' | 'hour' | 'day';
    if (value < 1)
      throw new Error(`Invalid schedule expression "${expression}": the rate must be at least 1`);
    if (unit === 'minute') {
      if (value === 1) return '* * * * *';
      if (value < 60) return `*/${value} * * * *`;
      if (value % 60 === 0) return toCron(`rate(${value / 60} hours)`);
      throw new Error(
        `Unsupported schedule expression "${expression}": minutes must divide an hour or be whole hours`,
      );
    }
    if (unit === 'hour') {
      if (value === 1) return '0 * * * *';
      if (value < 24) return `0 */${value} * * *`;
      if (value % 24 === 0) return toCron(`rate(${value / 24} days)`);
      throw new Error(
        `Unsupported schedule expression "${expression}": hours must divide a day or be whole days`,
      );
    }
    return value === 1 ? '0 0 * * *' : `0 0 */${value} * *`;
  }
  const cron = /^cron\((.*)\)$/i.exec(text);
  if (cron) {
    const fields = cron[1]!.trim().split(/\s+/);
    if (fields.length !== 6) {
      throw new Error(
        `Invalid schedule expression "${expression}": cron() takes 6 fields (minutes hours day-of-month month day-of-week year)`,
      );
    }
    const [minutes, hours, dayOfMonth, month, dayOfWeek, year] = fields as [
      string,
      string,
      string,
      string,
      string,
      string,
    ];
    return ['0', minutes, hours, dayOfMonth, month, weekdays(dayOfWeek), year].join(' ');
  }
  const at = /^at\((\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2})\)$/i.exec(text);
  if (at) return at[1]!;
  throw new Error(
    `Unsupported schedule expression "${expression}": expected rate(...), cron(...) or at(...)`,
  );
}

/** EventBridge day-of-week (1 = SUN ... 7 = SAT) to croner's (0 = SUN ... 6 = SAT). */
function weekdays(field: string): string {
  const day = (n: string) => {
    const value = Number(n);
    if (!Number.isInteger(value) || value < 1 || value > 7)
      throw new Error(`Invalid day of week "${n}" (1-7)`);
    return String(value - 1);
  };
  return field
    .split(',')
    .map((item) => {
      // 6#3 (third Friday): only the weekday shifts. 6L (last Friday): likewise.
      const nth = /^(\d)#(\d)$/.exec(item);
      if (nth) return `${day(nth[1]!)}#${nth[2]}`;
      const last = /^(\d)L$/i.exec(item);
      if (last) return `${day(last[1]!)}L`;
      // 2-6, 2-6/2, 1/2: shift the range, keep the step.
      const range = /^(\d)(?:-(\d))?(\/\d+)?$/.exec(item);
      if (range) return `${day(range[1]!)}${range[2] ? `-${day(range[2])}` : ''}${range[3] ?? ''}`;
      return item; // *, ?, L, names and name ranges (MON-FRI)
    })
    .join(',');
}

export interface Schedule {
  name: string;
  /** An EventBridge expression, e.g. `rate(15 minutes)`. */
  expression: string;
  run: () => Promise<unknown>;
}

export interface RunningSchedules {
  /** Name, croner pattern and next run of each schedule. */
  list(): { name: string; pattern: string; nextRun: Date | null }[];
  /** True while no schedule has been stopped. */
  healthy(): boolean;
  /** Runs a schedule now (the dev shortcut for "what would tonight's backup do"). */
  trigger(name: string): Promise<void>;
  /** Stops every schedule and waits (up to `waitMs`) for runs in progress to finish. */
  stop(waitMs?: number): Promise<void>;
}

/**
 * Registers each schedule with croner. A run never overlaps the previous one (`protect`), and a
 * failure is logged, not thrown: the next tick runs again, as EventBridge would.
 */
export function startSchedules(
  schedules: Schedule[],
  options: { timezone?: string; log?: (line: string) => void } = {},
): RunningSchedules {
  const log = options.log ?? ((line: string) => console.log(line));
  const jobs = schedules.map((schedule) => {
    const pattern = toCron(schedule.expression);
    const job = new Cron(
      pattern,
      // No croner `name`: croner keeps named jobs in a process-wide registry, and tests or
      // benchmarks run several runtimes in one process.
      { timezone: options.timezone ?? 'UTC', protect: true },
      async () => {
        const started = performance.now();
        try {
          const result = await schedule.run();
          log(
            `[schedule] ${schedule.name} done in ${Math.round(performance.now() - started)} ms ${JSON.stringify(result ?? {})}`,
          );
        } catch (error) {
          log(`[schedule] ${schedule.name} failed: ${error instanceof Error ? error.stack : String(error)}`);
        }
      },
    );
    return { name: schedule.name, pattern, job };
  });
  return {
    list: () => jobs.map(({ name, pattern, job }) => ({ name, pattern, nextRun: job.nextRun() })),
    healthy: () => jobs.every(({ job }) => !job.isStopped()),
    async trigger(name) {
      const found = jobs.find((j) => j.name === name);
      if (!found) throw new Error(`No schedule named ${name}`);
      await found.job.trigger();
    },
    async stop(waitMs = 5_000) {
      for (const { job } of jobs) job.stop();
      const deadline = Date.now() + waitMs;
      while (jobs.some(({ job }) => job.isBusy()) && Date.now() < deadline) {
        await new Promise((r) => setTimeout(r, 25));
      }
    },
  };
}
