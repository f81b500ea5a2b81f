import type { CommandInput, CommandLike, CommandResult, DefOf } from '@roundwise/core';
import { type MutateOptions, useMutation } from '@tanstack/react-query';
import { useCallback } from 'react';
import { useAccountId } from '../sync/hooks.tsx';
import type { CommandAnswer } from '../sync/transport.ts';
import {
  type CommandVariables,
  commandKey,
  commandScope,
  commandVariables,
  type OptimisticRun,
} from './command-mutations.ts';

type Options<R> = MutateOptions<CommandAnswer<R>, unknown, CommandVariables, OptimisticRun>;

/**
 * A command as a mutation, called through its definition (`useCommand(Customers.create)`): the
 * input and the result are the definition's types, so a wrong command or input does not compile,
 * and the command's code travels with the screen that imports it. A reference (`CommandRef`) works
 * the same, its code loaded by name when it runs. `mutate(input)` makes the
 * command's id once, applies it to the cache at once (the command's own core code, run
 * optimistically), and sends it, now or when the connection returns, in order with the account's
 * other commands. Screens read the result from the entity hooks; `mutateAsync` settles only when
 * the server answers (maybe much later offline), so do not block a form on it.
 */
export function useCommand<C extends CommandLike>(def: C) {
  type D = DefOf<C>;
  type R = CommandResult<D>;
  const accountId = useAccountId();
  const mutation = useMutation<CommandAnswer<R>, unknown, CommandVariables, OptimisticRun>({
    mutationKey: commandKey(def.name),
    scope: commandScope(accountId ?? ''),
  });
  const { mutate: rawMutate, mutateAsync: rawMutateAsync } = mutation;
  const variablesFor = useCallback(
    (input: CommandInput<D>) => {
      if (!accountId) throw new Error('useCommand needs a signed-in account (OfflineDataProvider actor)');
      return commandVariables<D>(def as CommandLike<D>, accountId, input);
    },
    [def, accountId],
  );
  const mutate = useCallback(
    (input: CommandInput<D>, options?: Options<R>) => rawMutate(variablesFor(input), options),
    [rawMutate, variablesFor],
  );
  const mutateAsync = useCallback(
    (input: CommandInput<D>, options?: Options<R>) => rawMutateAsync(variablesFor(input), options),
    [rawMutateAsync, variablesFor],
  );
  return { ...mutation, mutate, mutateAsync };
}
