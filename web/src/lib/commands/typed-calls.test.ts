import {
  type CommandInput,
  type CommandResult,
  type Customers,
  commandRef,
  type Visits,
} from '@roundwise/core';
import * as VisitRefs from '@roundwise/core/visits/refs';
import { describe, expect, expectTypeOf, it } from 'vitest';
import type { sendCommand } from './command-mutations.ts';
import type { useCommand } from './use-command.ts';

// Compile-time checks: `npx tsc` fails if a command could be called by name or with a wrong input.
describe('a command is called through its definition', () => {
  it('takes the definition, not a name', () => {
    // @ts-expect-error a name is not a definition
    const byName: Parameters<typeof useCommand>[0] = 'customers.create';
    // @ts-expect-error nor in sendCommand
    const sentByName: Parameters<typeof sendCommand>[2] = 'visits.complete';
    expect([byName, sentByName]).toHaveLength(2);
  });

  it("types the input and the result from the definition's schema", () => {
    expectTypeOf<CommandInput<typeof Visits.complete>>().toEqualTypeOf<{
      jobId: string;
      isoDueDate: string;
    }>();
    // @ts-expect-error a customer needs a name
    const nameless: CommandInput<typeof Customers.create> = { email: 'ann@example.org' };
    // @ts-expect-error a misspelt field
    const misspelt: CommandInput<typeof Customers.create> = { name: 'Ann', emial: 'ann@example.org' };
    expect([nameless, misspelt]).toHaveLength(2);
    expectTypeOf<CommandResult<typeof Customers.create>>().toHaveProperty('_version');
  });
});

describe('a command by reference (no code loaded) is checked against its definition', () => {
  it('has the name and the `_id` rule of its definition', () => {
    // @ts-expect-error another command's name
    const misnamed = commandRef<typeof Visits.complete>('visits.skip', false);
    // @ts-expect-error a create takes its entity's `_id`
    const idless = commandRef<typeof Customers.create>('customers.create', false);
    expect([misnamed.name, idless.takesId]).toEqual(['visits.skip', false]);
    expect(VisitRefs.complete).toEqual({ name: 'visits.complete', takesId: false });
  });

  it('is not a hand-written object, and types the input as the definition does', () => {
    // @ts-expect-error a reference is made by commandRef
    const handMade: Parameters<typeof useCommand>[0] = { name: 'visits.complete', takesId: false };
    expect(handMade).toBeTruthy();
    type Mutate = ReturnType<typeof useCommand<typeof VisitRefs.complete>>['mutate'];
    expectTypeOf<Parameters<Mutate>[0]>().toEqualTypeOf<CommandInput<typeof Visits.complete>>();
  });
});
