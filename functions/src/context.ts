import { AuthRepository, type Db, InvitationRepository } from '@roundwise/db';
import { AnswerWriter } from './commands/answers.ts';
import type { AppDeps, BillingAdapter, Mailer } from './deps.ts';

/** What server operations share: storage, mail, billing, the clock and the public URL. */
export interface Services {
  db: Db;
  auth: AuthRepository;
  invitations: InvitationRepository;
  /** Command answer records, written after the replies in batches. */
  answers: AnswerWriter;
  mailer: Mailer;
  billing: BillingAdapter;
  publicUrl: string;
  now: () => Date;
  snapshotDelayMs: number;
  edgeSecret: string | undefined;
}

export function createServices(deps: AppDeps): Services {
  const now = deps.clock ?? (() => new Date());
  const auth = new AuthRepository(deps.db, now);
  return {
    db: deps.db,
    auth,
    invitations: new InvitationRepository(deps.db, now),
    answers: new AnswerWriter(auth, deps.answerLingerMs ?? 0),
    mailer: deps.mailer,
    billing: deps.billing,
    publicUrl: deps.publicUrl.replace(/\/$/, ''),
    now,
    snapshotDelayMs: deps.snapshotDelayMs ?? 5000,
    edgeSecret: deps.edgeSecret,
  };
}

export const addDays = (d: Date, days: number) => new Date(d.getTime() + days * 86_400_000);
export const addHours = (d: Date, hours: number) => new Date(d.getTime() + hours * 3_600_000);
