import { describe, expect, it } from 'vitest';
import type { Actor } from '../access/model.ts';
import { loadCommand } from '../areas.ts';
import type { CommandContext } from '../commands/define.ts';
import { executeCommand } from '../commands/execute.ts';
import { MemoryStore } from '../store/memory-store.ts';
import { rejection, testActor } from '../testing.ts';
import { answerError, isComplete, itemStatus, progress, quickListCheck } from './rules.ts';
import { type FieldSchema, type FieldValues, Item, NotesRequired, valuesId } from './schema.ts';
import { STANDARD_TEMPLATES } from './templates.ts';

const owner = testActor({ flags: ['metadata', 'multiUser'] });
const worker = testActor({ userId: 'w1', roles: ['Worker'], flags: ['metadata', 'multiUser'] });

function world() {
  const store = new MemoryStore(() => new Date('2026-11-18T09:00:00Z'));
  let n = 0;
  const ctx = (actor: Actor, at = '2026-11-18T09:00:00Z'): CommandContext => ({
    store,
    actor,
    now: new Date(at),
    issuedAt: new Date(at),
    newId: () => `id${++n}`,
    emit() {},
  });
  const run = (actor: Actor, name: string, input: unknown, at?: string) =>
    loadCommand(name).then((def) => executeCommand(def as never, ctx(actor, at), input)) as Promise<
      Record<string, unknown>
    >;
  return { store, run };
}

const boolItem = (over: Partial<Item> = {}) => Item.parse({ title: 'Gate shut', type: 'boolean', ...over });

describe('custom-field rules (spec 001 sections 4 and 5)', () => {
  it('an item is complete with a value (no and 0 count), skipped, or incomplete', () => {
    expect(itemStatus({ value: false })).toBe('complete');
    expect(itemStatus({ value: 0 })).toBe('complete');
    expect(itemStatus({ value: '' })).toBe('incomplete');
    expect(itemStatus({ skipped: true, notes: 'locked' })).toBe('skipped');
    expect(itemStatus(undefined)).toBe('incomplete');
  });

  it('a collection is complete when every item that cannot be skipped has a value; none: complete', () => {
    const schema = {
      items: { '0': boolItem(), '1': boolItem({ skippable: true }), '2': boolItem({ active: false }) },
    };
    expect(isComplete(schema, {})).toBe(false);
    expect(isComplete(schema, { '0': { value: true, notes: '', skipped: false } })).toBe(true);
    expect(isComplete({ items: {} }, undefined)).toBe(true);
    expect(progress(schema, { '0': { value: true, notes: '', skipped: false } })).toEqual({
      done: 1,
      total: 2,
      complete: false,
    });
  });

  it('notes rules give the spec keys', () => {
    const always = boolItem({ notesRequired: NotesRequired.Always });
    expect(answerError(always, { value: true })).toBe('custom-fields.notes-required');
    expect(answerError(always, { value: true, notes: 'ok' })).toBeUndefined();
    const falsy = boolItem({ notesRequired: NotesRequired.WhenSkippedOrFalsy, skippable: true });
    expect(answerError(falsy, { value: false })).toBe('custom-fields.validation-notes-required');
    expect(answerError(falsy, { value: true })).toBeUndefined();
    expect(answerError(falsy, { skipped: true })).toBe('custom-fields.skip-reason-required');
    expect(answerError(boolItem(), { skipped: true, notes: 'x' })).toBe('custom-fields.not-skippable');
    expect(answerError(boolItem(), { value: 'yes' })).toBe('custom-fields.answer-invalid');
    expect(quickListCheck(falsy, { value: false })).toBe('custom-fields.validation-notes-required');
    expect(quickListCheck(falsy, { skipped: true })).toBe('custom-fields.validation-notes-required-skip');
    expect(quickListCheck(boolItem({ skippable: true }), { skipped: true })).toBeUndefined();
  });

  it('an item keeps the spec rules: select needs options, WhenSkipped needs skippable, no unknown type', () => {
    expect(Item.safeParse({ title: 'x', type: 'select' }).error?.issues[0]?.message).toBe(
      'custom-fields.select-options-required',
    );
    expect(
      Item.safeParse({ title: 'x', type: 'boolean', notesRequired: NotesRequired.WhenSkipped }).error
        ?.issues[0]?.message,
    ).toBe('custom-fields.when-skipped-needs-skippable');
    expect(Item.safeParse({ title: 'x', type: 'date' }).error?.issues[0]?.message).toBe(
      'custom-fields.unsupported-item-type',
    );
    expect(Item.parse({ title: 'n', type: 'number', notesRequired: '1' })).toMatchObject({
      notesRequired: 1,
      settings: { decimalPlaces: 0 },
    });
  });

  it('the four standard templates have the spec counts and parse', () => {
    expect(STANDARD_TEMPLATES.map((t) => [t.key, t.items.length, t.target])).toEqual([
      ['van-checklist', 15, 'any'],
      ['internal-van-checklist', 5, 'any'],
      ['user-health-screening', 15, 'accountuser'],
      ['risk-assessment', 8, 'job-occurrence-completion'],
    ]);
    for (const t of STANDARD_TEMPLATES) for (const item of t.items) Item.parse(item);
    const risk = Item.parse(STANDARD_TEMPLATES[3]!.items[0]);
    expect(risk.settings.selectOptions.map((o) => o.label)).toEqual([
      'Safe',
      'Low',
      'Medium',
      'High',
      'Dangerous',
    ]);
  });
});

async function riskWorld() {
  const w = world();
  await w.store.put('job', {
    _id: 'j1',
    customerId: 'c1',
    date: '2026-11-18',
    rounds: [],
    price: 20,
    frequencyType: 'Weeks',
    frequencyInterval: 4,
    services: [],
    notes: '',
    assignees: ['w1'],
  });
  await w.run(owner, 'custom-fields.create-schema', {
    _id: 's1',
    title: 'Risk',
    target: 'job-occurrence-completion',
    required: true,
    fromTemplate: 'risk-assessment',
  });
  // Offered on this job's visits only (the dialog opened from a job).
  await w.run(owner, 'custom-fields.set-enabled', {
    resourceType: 'job-occurrence-completion',
    jobId: 'j1',
    schemaIds: ['s1'],
  });
  return w;
}
const visit = { jobId: 'j1', isoDueDate: '2026-11-18' };
const full = {
  '0': { value: ['low'], notes: 'dog in garden' },
  '1': { value: true },
  '2': { value: true },
  '3': { value: true },
  '4': { value: true },
  '5': { value: true },
  '6': { skipped: true, notes: 'camera broken' },
  '7': { value: 'M1 1 L5 5' },
};

describe('custom-field commands', () => {
  it('a required visit-completion collection stops "done" until complete, on the assigned worker', async () => {
    const w = await riskWorld();
    const refused = await rejection(w.run(worker, 'visits.complete', visit));
    expect(refused.code).toBe('custom-fields.required-fields-incomplete');
    await w.run(worker, 'custom-fields.fill', {
      schemaId: 's1',
      target: 'job-occurrence-completion',
      visit,
      answers: full,
    });
    const values = await w.store.get<FieldValues>('fieldValues', valuesId('s1', 'j1/2026-11-18'));
    expect(values).toMatchObject({ assignees: ['w1'], customerId: 'c1', values: { '6': { skipped: true } } });
    await w.run(worker, 'visits.complete', visit);
  });

  it('a collection holds back only the visits it is enabled on', async () => {
    const w = await riskWorld();
    await w.run(owner, 'custom-fields.set-enabled', {
      resourceType: 'job-occurrence-completion',
      jobId: 'j1',
      schemaIds: [],
    });
    await w.run(worker, 'visits.complete', visit);
  });

  it('a worker not assigned, or a plan without the metadata feature, writes nothing', async () => {
    const w = await riskWorld();
    const other = { ...worker, userId: 'w2' };
    const input = {
      schemaId: 's1',
      target: 'job-occurrence-completion',
      visit,
      answers: { '1': { value: true } },
    };
    expect((await rejection(w.run(other, 'custom-fields.fill', input))).code).toBe(
      'visits.not-assigned-to-you',
    );
    expect(
      (await rejection(w.run({ ...worker, flags: ['multiUser'] }, 'custom-fields.fill', input))).code,
    ).toBe('access.feature-required');
    expect(
      (await rejection(w.run(worker, 'custom-fields.create-schema', { title: 'x', target: 'job' }))).code,
    ).toBe('access.role-required');
    expect(await w.store.listBy('fieldValues', 's1')).toEqual([]);
  });

  it('an option renamed keeps its answers; a type change with answers is refused with the count', async () => {
    const w = await riskWorld();
    await w.run(worker, 'custom-fields.fill', {
      schemaId: 's1',
      target: 'job-occurrence-completion',
      visit,
      answers: full,
    });
    const schema = (await w.store.get<FieldSchema>('fieldSchema', 's1'))!;
    const risk = schema.items['0']!;
    const renamed = {
      ...risk,
      settings: {
        ...risk.settings,
        selectOptions: risk.settings.selectOptions.map((o) =>
          o.id === 'low' ? { ...o, label: 'Minor' } : o,
        ),
      },
    };
    await w.run(owner, 'custom-fields.save-item', { schemaId: 's1', index: '0', item: renamed });
    const after = (await w.store.get<FieldSchema>('fieldSchema', 's1'))!;
    expect(after.items['0']!.settings.selectOptions[1]).toEqual({ id: 'low', label: 'Minor' });
    const refused = await rejection(
      w.run(owner, 'custom-fields.save-item', {
        schemaId: 's1',
        index: '1',
        item: { ...schema.items['1'], type: 'text' },
      }),
    );
    expect([refused.code, refused.params]).toEqual(['custom-fields.type-change-refused', { count: 1 }]);
    const removed = await rejection(
      w.run(owner, 'custom-fields.save-item', {
        schemaId: 's1',
        index: '0',
        item: {
          ...risk,
          settings: { ...risk.settings, selectOptions: risk.settings.selectOptions.slice(2) },
        },
      }),
    );
    expect(removed.code).toBe('custom-fields.options-change-refused');
    expect(
      (await rejection(w.run(owner, 'custom-fields.delete-item', { schemaId: 's1', index: '1' }))).code,
    ).toBe('custom-fields.field-in-use');
    expect(await w.run(owner, 'custom-fields.delete-schema', { _id: 's1' })).toEqual({ archived: true });
    expect(await w.store.get('fieldSchema', 's1')).toMatchObject({ archived: true, deleted: true });
  });

  it('number to text keeps the answers (dry run counts them first); single to multiple choice too', async () => {
    const w = await riskWorld();
    const { index } = await w.run(owner, 'custom-fields.save-item', {
      schemaId: 's1',
      item: { title: 'Litres', type: 'number', skippable: true, settings: { decimalPlaces: 1 } },
    });
    await w.run(worker, 'custom-fields.fill', {
      schemaId: 's1',
      target: 'job-occurrence-completion',
      visit,
      answers: { [index as string]: { value: 12.5 } },
    });
    const text = { title: 'Litres', type: 'text', skippable: true };
    expect(
      await w.run(owner, 'custom-fields.save-item', { schemaId: 's1', index, item: text, dryRun: true }),
    ).toEqual({ index, affected: 1 });
    const id = valuesId('s1', 'j1/2026-11-18');
    expect((await w.store.get<FieldValues>('fieldValues', id))!.values[index as string]!.value).toBe(12.5);
    await w.run(owner, 'custom-fields.save-item', { schemaId: 's1', index, item: text });
    expect((await w.store.get<FieldValues>('fieldValues', id))!.values[index as string]!.value).toBe('12.5');
  });

  it('two offline answers to one item: the later is kept and the other person told; other items merge', async () => {
    const w = await riskWorld();
    const planner = testActor({ userId: 'p1', roles: ['Admin'], flags: ['metadata', 'multiUser'] });
    const base = { '1': null, '2': null };
    await w.run(
      planner,
      'custom-fields.fill',
      {
        schemaId: 's1',
        target: 'job-occurrence-completion',
        visit,
        answers: { '1': { value: true } },
        base,
      },
      '2026-11-18T10:00:00Z',
    );
    // The worker answered at 09:30 offline, arriving after the Admin's 10:00 answer.
    await w.run(
      worker,
      'custom-fields.fill',
      {
        schemaId: 's1',
        target: 'job-occurrence-completion',
        visit,
        answers: { '1': { value: false, notes: 'wobbly' }, '2': { value: true } },
        base,
      },
      '2026-11-18T09:30:00Z',
    );
    const values = (await w.store.get<FieldValues>('fieldValues', valuesId('s1', 'j1/2026-11-18')))!.values;
    expect(values['1']).toMatchObject({ value: true });
    expect(values['2']).toMatchObject({ value: true });
    const conflicts = await w.store.list('conflict');
    expect(conflicts).toMatchObject([{ userId: 'w1', entityType: 'fieldValues', field: '1' }]);
  });
});
