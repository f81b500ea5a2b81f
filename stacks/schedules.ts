import { Cron, type StackContext, use } from 'sst/constructs';
import { Storage } from './storage.ts';

/** EventBridge schedules; the local runtime maps the same expressions onto croner. */
export const ADVERT_CHECKER_SCHEDULE = 'rate(15 minutes)';
/** 02:00 UTC every day. */
export const NIGHTLY_BACKUP_SCHEDULE = 'cron(0 2 * * ? *)';

export function Schedules({ stack }: StackContext) {
  const { table, backups, environment } = use(Storage);

  const advertChecker = new Cron(stack, 'advert-checker', {
    schedule: ADVERT_CHECKER_SCHEDULE,
    job: {
      function: {
        handler: 'functions/src/lambda/schedules.advertChecker',
        timeout: '5 minutes',
        bind: [table],
        environment,
      },
    },
  });

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

  return { advertChecker, nightlyBackup };
}
