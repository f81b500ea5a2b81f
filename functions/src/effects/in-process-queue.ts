import { background } from '../background.ts';
import type { Deps } from '../context.ts';
import type { EffectQueue } from '../deps.ts';
import { deliverEffect } from './deliver.ts';

/**
 * A server with no queue (the API's tests): delivers in this process, after the reply. Apart from
 * `queue.ts`, whose dispatch every command runner imports, so that only the composition root
 * (`create-deps.ts`) reaches the effect handlers, and through them the areas' operations.
 */
export function inProcessEffectQueue(deps: () => Deps): EffectQueue {
  return {
    async send(ids) {
      for (const id of ids) background(deliverEffect(deps(), id));
    },
  };
}
