import { type MutateOptions, useMutation } from '@tanstack/react-query';
import { useCallback } from 'react';
import { useAccountId } from '../sync/hooks.tsx';
import type { CommandAnswer } from '../sync/transport.ts';
import {
  type CommandContext,
  type CommandVariables,
  commandKey,
  commandScope,
  commandVariables,
} from './command-mutations.ts';

type Options<R> = MutateOptions<CommandAnswer<R>, unknown, CommandVariables, CommandContext>;

/**
 * A command as a mutation. `mutate(input)` makes the command's id once, applies it to the cache at
 * once (the command's own core code, run optimistically), and sends it, now or when the
 * connection returns, in order with the account's other commands. Screens read the result from
 * the entity hooks; `mutateAsync` settles only when the server answers (maybe much later offline),
 * so do not block a form on it.
 */
export function useCommand<TInput = unknown, TResult = unknown>(name: string) {
  const accountId = useAccountId();
  const mutation = useMutation<CommandAnswer<TResult>, unknown, CommandVariables, CommandContext>({
    mutationKey: commandKey(name),
    scope: commandScope(accountId ?? ''),
  });
  const { mutate: rawMutate, mutateAsync: rawMutateAsync } = mutation;
  const variablesFor = useCallback(
    (input: TInput) => {
      if (!accountId) throw new Error('useCommand needs a signed-in account (OfflineDataProvider actor)');
      return commandVariables(name, accountId, input);
    },
    [name, accountId],
  );
  // The variables are ready at once but for the first command of a page (core's command
  // definitions load then); commands made meanwhile still run in the order they were made.
  const mutate = useCallback(
    (input: TInput, options?: Options<TResult>) => {
      void variablesFor(input).then((variables) => rawMutate(variables, options));
    },
    [rawMutate, variablesFor],
  );
  const mutateAsync = useCallback(
    (input: TInput, options?: Options<TResult>) =>
      variablesFor(input).then((variables) => rawMutateAsync(variables, options)),
    [rawMutateAsync, variablesFor],
  );
  return { ...mutation, mutate, mutateAsync };
}
