import { settleBackground } from '../background.ts';

/**
 * A Lambda handler that returns only once the work that must outlive its reply has landed (the
 * dispatch of effects just committed). Lambda freezes an instance as soon as the handler
 * resolves, so work started after the reply would otherwise wait until the instance's next
 * request (or, for an effect, until the outbox sweep).
 */
export function settled<E, C, R>(handler: (event: E, context: C) => Promise<R>) {
  return async (event: E, context: C): Promise<R> => {
    const result = await handler(event, context);
    await settleBackground({ beforeFreezeOnly: true });
    return result;
  };
}
