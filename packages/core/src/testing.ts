import type { Actor } from './access/model.ts';
import { AppError } from './errors.ts';

/** Test support shared by every package's tests (`@roundwise/core/testing`); not used at run time. */

/** A subscribed Ultimate Owner with no flags; `over` changes what a test is about. */
export const testActor = (over: Partial<Actor> = {}): Actor => ({
  userId: 'u1',
  email: 'u1@example.com',
  accountId: 'a1',
  roles: ['Owner'],
  level: 'Ultimate',
  subscription: 'subscribed',
  flags: [],
  developerMode: false,
  settings: {},
  ...over,
});

/** The AppError a promise rejects with; fails the test when it resolves or rejects otherwise. */
export async function rejection(p: Promise<unknown>): Promise<AppError> {
  const e = await p.then(
    () => undefined,
    (error: unknown) => error,
  );
  if (!(e instanceof AppError)) throw new Error(`expected an AppError, got ${String(e)}`);
  return e;
}
