import { AuthRepository, CommandRecords, type Db, InvitationRepository, Outbox } from '@roundwise/db';
import type { AppDeps, BillingAdapter, Mailer } from './deps.ts';
import { type EffectQueue, inProcessEffectQueue } from './effects/queue.ts';

/** What server operations share: storage, mail, billing, the clock and the public URL. */
export interface Services {
  db: Db;
  auth: AuthRepository;
  /** Command records: each command's answer (commands/run-command.ts). */
  records: CommandRecords;
  /** Effects written with the state that asked for them, until delivered (effects/). */
  outbox: Outbox;
  effects: EffectQueue;
  invitations: InvitationRepository;
  mailer: Mailer;
  billing: BillingAdapter;
  publicUrl: string;
  now: () => Date;
  snapshotDelayMs: number;
  edgeSecret: string | undefined;
}

export function createServices(deps: AppDeps): Services {
  const now = deps.clock ?? (() => new Date());
  const services: Services = {
    db: deps.db,
    auth: new AuthRepository(deps.db, now),
    records: new CommandRecords(deps.db),
    outbox: new Outbox(deps.db),
    effects: deps.effectQueue ?? inProcessEffectQueue(() => services),
    invitations: new InvitationRepository(deps.db, now),
    mailer: deps.mailer,
    billing: deps.billing,
    publicUrl: deps.publicUrl.replace(/\/$/, ''),
    now,
    snapshotDelayMs: deps.snapshotDelayMs ?? 5000,
    edgeSecret: deps.edgeSecret,
  };
  return services;
}

export const addDays = (d: Date, days: number) => new Date(d.getTime() + days * 86_400_000);
export const addHours = (d: Date, hours: number) => new Date(d.getTime() + hours * 3_600_000);
