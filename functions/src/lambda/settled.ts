import { settleBackground } from '../background.ts';

/**
 * A Lambda handler that returns only once the work that must outlive its reply has landed (a
 * command's answer record). Lambda freezes an instance as soon as the handler resolves, so work
 * started after the reply would otherwise wait, unsent or unacknowledged, until the instance's
 * next request, and a replay of the command in between would find only its writes.
 */
export function settled<E, C, R>(handler: (event: E, context: C) => Promise<R>) {
  return async (event: E, context: C): Promise<R> => {
    const result = await handler(event, context);
    await settleBackground({ beforeFreezeOnly: true });
    return result;
  };
}
