import { Customers, commandRef } from '@roundwise/core';
import * as VisitRefs from '@roundwise/core/visits/refs';
import { describe, expect, it } from 'vitest';
import { commandVariables } from './command-mutations.ts';

// A create's entity gets its id on the device, so the optimistic entity and the server's are one:
// a reference (no schema loaded) must decide that as the definition does.
describe('the variables of one user action', () => {
  const input = { name: 'Ann Smith' } as const;

  it('give a create its entity id, by definition or by reference', () => {
    const byDef = commandVariables(Customers.create, 'acc-1', input);
    const byRef = commandVariables(
      commandRef<typeof Customers.create>('customers.create', true),
      'acc-1',
      input,
    );
    for (const v of [byDef, byRef]) {
      expect(v.name).toBe('customers.create');
      expect((v.input as { _id?: string })._id).toMatch(/^[0-9A-Z]{26}$/);
    }
    expect(byDef.commandId).not.toBe(byRef.commandId);
  });

  it('leave an input that takes no id as it is', () => {
    const v = commandVariables(VisitRefs.complete, 'acc-1', { jobId: 'j1', isoDueDate: '2026-01-05' });
    expect(v).toMatchObject({ name: 'visits.complete', accountId: 'acc-1' });
    expect(v.input).toEqual({ jobId: 'j1', isoDueDate: '2026-01-05' });
  });
});
