import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { allCommands, areas, entityTypes, indexedField, loadCommand } from './areas.ts';
import * as Core from './index.ts';
import { syncOrder } from './sync/needs.ts';

const camel = (verb: string) => verb.replace(/-([a-z])/g, (_, c: string) => c.toUpperCase());
const faceOf = (name: string) =>
  Object.values(Core).find(
    (v) => v && typeof v === 'object' && 'area' in v && (v.area as { name: string }).name === name,
  ) as Record<string, unknown> | undefined;

describe('the list of areas', () => {
  it('lists every area folder, under its folder name (an area is its folder and one line)', () => {
    const folders = readdirSync(import.meta.dirname).filter((d) =>
      existsSync(join(import.meta.dirname, d, 'area.ts')),
    );
    expect(areas.map((a) => a.name).sort()).toEqual(folders.sort());
  });

  it('derives the synced entity types and the indexed parent fields', () => {
    expect(entityTypes).toEqual([
      'customer',
      'job',
      'round',
      'service',
      'visit',
      'transaction',
      'paymentAccount',
      'quote',
      'quoteSettings',
      'notification',
      'creditBalance',
      'creditPurchase',
      'alert',
      'team',
      'conflict',
      'attachment',
      'template',
      'audience',
      'campaign',
      'fieldSchema',
      'fieldLinker',
      'fieldValues',
      'price-change',
      'portalDirectory',
      'portalLayout',
      'portalPublished',
      'portalWidget',
      'supplier',
      'expenseCategory',
      'expense',
      'balanceSettings',
      'journalEntry',
      'vatSettings',
      'vatReturn',
      'bankConnection',
      'bankLine',
      'timeEvent',
      'workerAvailability',
    ]);
    expect(indexedField).toEqual({
      job: 'customerId',
      visit: 'jobId',
      transaction: 'customerId',
      quote: 'customerId',
      notification: 'customerId',
      fieldValues: 'schemaId',
      bankLine: 'paymentAccountId',
      timeEvent: 'occurrenceId',
    });
  });

  it('brings every entity type in a first load, once (sync/needs.ts)', () => {
    expect([...syncOrder].sort()).toEqual([...entityTypes].sort());
  });

  it("names every command after its area, so a queued command's name finds the module to load", async () => {
    const commands = await allCommands();
    expect(commands.length).toBeGreaterThan(30);
    expect(new Set(commands.map((c) => c.name)).size).toBe(commands.length);
    for (const def of commands) {
      const [area, verb] = def.name.split('.') as [string, string];
      expect(areas.map((a) => a.name)).toContain(area);
      expect(await loadCommand(def.name)).toBe(def);
      // The area's face offers it under its verb: `Rounds.removeFrequency` is `rounds.remove-frequency`.
      expect(faceOf(area)?.[camel(verb)], def.name).toBe(def);
    }
  });

  it('knows no command by a name no area has', async () => {
    expect(await loadCommand('customers.nothing')).toBeUndefined();
    expect(await loadCommand('constructor')).toBeUndefined();
    expect(await loadCommand('elsewhere.create')).toBeUndefined();
  });
});
