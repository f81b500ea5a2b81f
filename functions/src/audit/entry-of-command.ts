import { type Actor, Audit, areas } from '@roundwise/core';
import type { DynamoStore } from '@roundwise/db';

/** A deleted record as it was, kept with the entry of the command that deleted it (for Restore). */
export interface RemovedRecord {
  type: string;
  entity: Record<string, unknown>;
}

/**
 * The audit entry of a command's run (docs/audit.md): written in the same
 * transaction as the command's changes, so a change is never without its entry and a command
 * that fails leaves none. Undefined when the command changed nothing.
 */
export function entryOfCommand(
  call: { actor: Actor; name: string; commandId: string; input: unknown },
  store: DynamoStore,
  now: Date,
): { entry: Audit.AuditEntry; removed: RemovedRecord[] } | undefined {
  const edits = store.edits();
  if (edits.length === 0) return undefined;
  const area = areas.find((a) => call.name.startsWith(`${a.name}.`));
  const described = Audit.describeCommand(call.name, call.input, edits, area?.entities[0]?.type);
  const removed = edits.flatMap((e) =>
    e.after._deleted && e.before && !e.before._deleted ? [{ type: e.type, entity: e.before }] : [],
  );
  return {
    entry: {
      id: call.commandId,
      timestamp: now.toISOString(),
      createdBy: call.actor.email,
      action: call.name,
      ...described,
      ...(removed.length ? { restorable: true } : {}),
    },
    removed,
  };
}
