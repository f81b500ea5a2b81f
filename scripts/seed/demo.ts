import { AuthRepository, type Db } from '@roundwise/db';
import { defaultAccountId, defaultOwner, type SeedOptions, seedAccount } from './load.ts';

/**
 * The demo business `npm start` seeds on its first start: "Sparkle Window Cleaning" at the demo
 * scale, dated today (or `today`, YYYY-MM-DD: the browser tests' fixed day). Signs in as
 * `owner@demo.roundwise.local` / `demo-password` (also `admin@...` and `worker@...` with the same
 * password). Safe to call again: an existing demo account is left as it is.
 */
export async function seedDemo({
  db,
  today,
  files,
}: {
  db: Db;
  today?: string;
  /** Where the expenses' receipts go (the attachments bucket); without it, no receipts. */
  files?: SeedOptions['files'];
}): Promise<{ email: string; password: string }> {
  const owner = defaultOwner('demo');
  const login = { email: owner.email, password: owner.password };
  if (await new AuthRepository(db).getAccount(defaultAccountId('demo'))) return login;
  await seedAccount(db, { scale: 'demo', owner, ...(today ? { today } : {}), ...(files ? { files } : {}) });
  return login;
}
