import { errorFields, log } from './log.ts';

/**
 * Work that must not delay a reply: the dispatch of effects just committed, a sync snapshot. It is
 * tracked so a clean stop can wait for it (`settleBackground`) instead of cutting it off; a
 * failure is logged. Work marked `beforeFreeze` must also land before a Lambda instance is frozen
 * (an effect's dispatch, else it waits for the outbox sweep); Lambda cannot run anything after its
 * reply, so its handler waits for that work (`lambda/settled.ts`), while a snapshot build, an
 * optimisation, may resume whenever the instance next runs.
 */
const pending = new Map<Promise<unknown>, { beforeFreeze: boolean }>();

export function background(work: Promise<unknown>, options: { beforeFreeze?: boolean } = {}) {
  const tracked = work.catch((error: unknown) =>
    log({ type: 'error', job: 'background', ...errorFields(error) }),
  );
  pending.set(tracked, { beforeFreeze: options.beforeFreeze ?? false });
  void tracked.finally(() => pending.delete(tracked));
}

/** Waits for tracked work: all of it, or only what must land before the instance freezes. */
export async function settleBackground(options: { beforeFreezeOnly?: boolean } = {}) {
  for (;;) {
    const waiting = [...pending].filter(([, o]) => !options.beforeFreezeOnly || o.beforeFreeze);
    if (waiting.length === 0) return;
    await Promise.all(waiting.map(([work]) => work));
  }
}
