/**
 * Writes that must not delay a reply (a command's answer record). They are tracked so a clean
 * stop can wait for them (`settleBackground`) instead of cutting them off; a failure is logged.
 */
const pending = new Set<Promise<unknown>>();

export function background(work: Promise<unknown>) {
  const tracked = work.catch((error: unknown) => console.error('Background write failed', error));
  pending.add(tracked);
  void tracked.finally(() => pending.delete(tracked));
}

export async function settleBackground() {
  while (pending.size > 0) await Promise.all([...pending]);
}
