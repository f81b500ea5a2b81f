import {
  AuditLog,
  AuthRepository,
  CommandRecords,
  Counters,
  InvitationRepository,
  Mailboxes,
  Outbox,
} from '@roundwise/db';
import { localBank } from './banking/local-bank.ts';
import { type Deps, PermanentSendError } from './context.ts';
import type { AppDeps, SmsProvider } from './deps.ts';
import { inProcessEffectQueue } from './effects/in-process-queue.ts';
import { effectHandlers } from './effects/registry.ts';
import { localPhotos } from './photos/local-photos.ts';
import { localPlaces } from './places/local-places.ts';
import { localTraining } from './training/local-training.ts';

/**
 * The server's shared parts, built once per runtime (the API, the queue worker, the schedules)
 * from what its surroundings give. Apart from `context.ts` (the `Deps` every operation takes) so
 * that the operations it wires, the effect queue among them, can name `Deps` without a cycle.
 */
export function createDeps(appDeps: AppDeps): Deps {
  // Every entry point (API, queue worker, schedules, local runtime) builds its deps here: an effect
  // a core area emits with no handler (functions/src/areas.ts) stops it now, not at the first send.
  const handlers = effectHandlers();
  const now = appDeps.clock ?? (() => new Date());
  const deps: Deps = {
    db: appDeps.db,
    auth: new AuthRepository(appDeps.db, now),
    records: new CommandRecords(appDeps.db),
    outbox: new Outbox(appDeps.db),
    audit: new AuditLog(appDeps.db),
    counters: new Counters(appDeps.db),
    effects: appDeps.effectQueue ?? inProcessEffectQueue(() => deps),
    handlesEffect: (kind) => handlers.has(kind),
    invitations: new InvitationRepository(appDeps.db, now),
    mailer: appDeps.mailer,
    billing: appDeps.billing,
    sms: appDeps.sms ?? noSmsProvider,
    paymentProviders: appDeps.paymentProviders ?? [],
    webhookSecret: appDeps.webhookSecret,
    publicUrl: appDeps.publicUrl.replace(/\/$/, ''),
    now,
    snapshotDelayMs: appDeps.snapshotDelayMs ?? 5000,
    edgeSecret: appDeps.edgeSecret,
    backups: appDeps.backups,
    attachments: appDeps.attachments,
    photos: appDeps.photos ?? localPhotos(appDeps.publicUrl),
    training: appDeps.training ?? localTraining,
    remoteSupportScriptUrl:
      appDeps.remoteSupportScriptUrl ?? (appDeps.mailDir ? '/api/dev/remote-support.js' : undefined),
    places: appDeps.places ?? localPlaces,
    mailboxes: new Mailboxes(appDeps.db),
    mailboxSecret: appDeps.mailboxSecret,
    localMailServers: appDeps.localMailServers,
    hmrc: appDeps.hmrc,
    bankData:
      appDeps.bankData ??
      (appDeps.secureCookies
        ? undefined
        : localBank({ secret: LOCAL_BANK_SECRET, publicUrl: appDeps.publicUrl.replace(/\/$/, ''), now })),
  };
  return deps;
}

/** Signs the local bank's codes: it is a simulator, its secret need not be one. */
const LOCAL_BANK_SECRET = 'roundwise-local-bank';

/** Where no SMS provider is configured: an SMS fails for good (its credits go back). */
const noSmsProvider: SmsProvider = {
  async send() {
    throw new PermanentSendError('notification.sms-not-configured');
  },
};
