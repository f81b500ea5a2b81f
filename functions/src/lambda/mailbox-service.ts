import { createDeps } from '../create-deps.ts';
import { startMailboxWorkers } from '../email-engine/worker.ts';
import { log } from '../log.ts';
import { appDepsFromEnvironment } from './env.ts';

/**
 * Two-way email's long-lived process (not a Lambda: an IMAP IDLE connection lives for hours), one
 * task of the stage's mailbox service (stacks/mailboxes.ts). It holds every connected mailbox
 * open and stops cleanly on SIGTERM (a deploy replacing the task): the cursors are in the table,
 * so the next task resumes where this one stopped.
 */
const workers = startMailboxWorkers(createDeps(appDepsFromEnvironment()), { pollMs: 5000 });
log({ type: 'job', job: 'mailbox-service', status: 'ok' });
for (const signal of ['SIGTERM', 'SIGINT'] as const) {
  process.once(signal, () => {
    void workers.stop().then(() => process.exit(0));
  });
}
