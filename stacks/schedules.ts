import { Cron, type StackContext, use } from 'sst/constructs';
import { Storage } from './storage.ts';

/**
 * EventBridge schedules; the local runtime maps the same expressions onto croner. (The
 * marketplace's quarter-hourly advert checks get their schedule with the marketplace: until then
 * there is nothing for them to check.)
 */

/** 02:00 UTC every day. */
export const NIGHTLY_BACKUP_SCHEDULE = 'cron(0 2 * * ? *)';

export function Schedules({ stack }: StackContext) {
  const { table, backups, environment } = use(Storage);

  const nightlyBackup = new Cron(stack, 'nightly-backup', {
    schedule: NIGHTLY_BACKUP_SCHEDULE,
    job: {
      function: {
        handler: 'functions/src/lambda/schedules.nightlyBackup',
        timeout: '15 minutes',
        memorySize: 1024,
        bind: [table, backups],
        environment,
      },
    },
  });

  return { nightlyBackup };
}
