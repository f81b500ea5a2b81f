import { AuditLog } from '@roundwise/db';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Client, startTestApi } from '../test-harness.ts';

let api: Awaited<ReturnType<typeof startTestApi>>;
let owner: Client;
let worker: Client;
let otherWorker: Client;
let workerId: string;
let jobId: string;
let accountId: string;
beforeAll(async () => {
  api = await startTestApi();
  owner = api.client();
  accountId = (await owner.signup('fields-owner@example.com')).json.account.accountId;
  expect((await owner.patch('/account', { flags: ['multiUser', 'metadata'] })).status).toBe(200);
  ({ member: worker, userId: workerId } = await api.addMember(owner, 'fields-worker@example.com', [
    'Worker',
  ]));
  ({ member: otherWorker } = await api.addMember(owner, 'fields-other@example.com', ['Worker']));
  const customer = await owner.command('customers.create', { name: 'Ann Smith' });
  const job = await owner.command('jobs.create', {
    customerId: customer.json.result._id,
    date: '2026-11-02',
    price: 18,
    frequencyType: 'Weeks',
    frequencyInterval: 2,
    assignees: [workerId],
  });
  jobId = job.json.result._id;
}, 60_000);
afterAll(() => api.stop());

// biome-ignore lint/suspicious/noExplicitAny: sync changes are arbitrary JSON here
async function synced(c: Client, type: string): Promise<any[]> {
  const out = [];
  let cursor = '';
  for (;;) {
    const page = await c.get(`/sync?cursor=${cursor}`);
    out.push(
      ...page.json.changes
        .filter((ch: { type: string }) => ch.type === type)
        .map((ch: { entity: unknown }) => ch.entity),
    );
    cursor = page.json.cursor;
    if (!page.json.hasMore) return out;
  }
}

const answers = {
  '0': { value: ['medium'], notes: 'Steep drive' },
  '1': { value: true },
  '2': { value: true },
  '3': { value: true },
  '4': { value: false, notes: 'Dog loose' },
  '5': { value: true },
  '6': { skipped: true, notes: 'No signal for the camera' },
  '7': { value: 'M10 10 L40 40' },
};

describe('custom fields through the API', () => {
  it('a required risk assessment holds back "done" until the worker fills it; refusals write nothing', async () => {
    const created = await owner.command('custom-fields.create-schema', {
      title: 'Risk assessment',
      target: 'job-occurrence-completion',
      required: true,
      fromTemplate: 'risk-assessment',
    });
    expect(created.status).toBe(200);
    const schemaId = created.json.result._id;
    const enabled = await owner.command('custom-fields.set-enabled', {
      resourceType: 'job-occurrence-completion',
      schemaIds: [schemaId],
    });
    expect(enabled.status).toBe(200);
    const visit = { jobId, isoDueDate: '2026-11-16' };

    const early = await worker.command('visits.complete', visit);
    expect([early.status, early.json.code]).toEqual([400, 'custom-fields.required-fields-incomplete']);

    const fill = { schemaId, target: 'job-occurrence-completion', visit, answers };
    const refusals: [Client, unknown, number, string][] = [
      [otherWorker, fill, 403, 'visits.not-assigned-to-you'],
      [worker, { ...fill, answers: { '6': { skipped: true } } }, 400, 'custom-fields.skip-reason-required'],
      [worker, { ...fill, answers: { '0': { value: ['low'] } } }, 400, 'custom-fields.notes-required'],
      [
        worker,
        { ...fill, answers: { '4': { value: false } } },
        400,
        'custom-fields.validation-notes-required',
      ],
      [
        worker,
        { ...fill, answers: { '1': { value: true, notes: 'x'.repeat(256) } } },
        400,
        'custom-fields.notes-too-long',
      ],
      [worker, { title: 'Mine', target: 'job' }, 403, 'access.role-required'],
    ];
    for (const [who, input, status, code] of refusals) {
      const name = 'schemaId' in (input as object) ? 'custom-fields.fill' : 'custom-fields.create-schema';
      const res = await who.command(name, input);
      expect([res.status, res.json.code]).toEqual([status, code]);
    }
    expect(await synced(owner, 'fieldValues')).toEqual([]);

    expect((await worker.command('custom-fields.fill', fill)).status).toBe(200);
    expect((await worker.command('visits.complete', visit)).status).toBe(200);

    // The owner's device receives the answers; so does the worker's (their visit), not the other's.
    const [mine] = await synced(owner, 'fieldValues');
    expect(mine).toMatchObject({ targetObjectId: `${jobId}/2026-11-16`, values: { '6': { skipped: true } } });
    expect(await synced(worker, 'fieldValues')).toHaveLength(1);
    expect(await synced(otherWorker, 'fieldValues')).toEqual([]);
    expect((await synced(otherWorker, 'fieldSchema')).map((s) => s._id)).toEqual([schemaId]);

    // A type change with answers is refused with the count, and writes nothing.
    const [schema] = await synced(owner, 'fieldSchema');
    const before = JSON.stringify(schema);
    const refused = await owner.command('custom-fields.save-item', {
      schemaId,
      index: '1',
      item: { ...schema.items['1'], type: 'number' },
    });
    expect([refused.status, refused.json.code, refused.json.params]).toEqual([
      400,
      'custom-fields.type-change-refused',
      { count: 1 },
    ]);
    expect(JSON.stringify((await synced(owner, 'fieldSchema'))[0])).toBe(before);

    // Deleting it archives it (it has answers); the audit log has the commands, the answers with them.
    expect((await owner.command('custom-fields.delete-schema', { _id: schemaId })).json.result).toEqual({
      archived: true,
    });
    const entries = [];
    for await (const page of new AuditLog(api.db).pages(accountId, {})) entries.push(...page.entries);
    const filled = entries.find((e) => e.action === 'custom-fields.fill');
    expect(filled?.createdBy).toBe('fields-worker@example.com');
    expect(JSON.stringify(filled?.changes)).toContain('Steep drive');
    expect(entries.map((e) => e.action)).toContain('custom-fields.delete-schema');
  });

  it("a customer's answers: the Owner fills them, a Worker may not; a number becomes text after a dry run", async () => {
    const customer = await owner.command('customers.create', { name: 'Bo Brown' });
    const customerId = customer.json.result._id;
    const created = await owner.command('custom-fields.create-schema', {
      title: 'Access',
      target: 'customer',
    });
    const schemaId = created.json.result._id;
    const added = await owner.command('custom-fields.save-item', {
      schemaId,
      item: { title: 'Ladder length', type: 'number', settings: { decimalPlaces: 1, suffix: ' m' } },
    });
    const index = added.json.result.index;
    const fill = {
      schemaId,
      target: 'customer',
      targetObjectId: customerId,
      answers: { [index]: { value: 4.5 } },
    };
    const refused = await worker.command('custom-fields.fill', fill);
    expect([refused.status, refused.json.code]).toEqual([403, 'access.role-required']);
    expect((await owner.command('custom-fields.fill', fill)).status).toBe(200);

    const text = { title: 'Ladder length', type: 'text' };
    const dry = await owner.command('custom-fields.save-item', { schemaId, index, item: text, dryRun: true });
    expect(dry.json.result).toEqual({ index, affected: 1 });
    expect((await owner.command('custom-fields.save-item', { schemaId, index, item: text })).status).toBe(
      200,
    );
    const answers = (await synced(owner, 'fieldValues')).find((v) => v.schemaId === schemaId);
    expect(answers.values[index].value).toBe('4.5');
  });

  it("a staff member's answers: they fill their own and receive them; not another's", async () => {
    const created = await owner.command('custom-fields.create-schema', {
      title: 'Health',
      target: 'accountuser',
    });
    const schemaId = created.json.result._id;
    await owner.command('custom-fields.save-item', {
      schemaId,
      item: { title: 'Fit for ladder work', type: 'boolean' },
    });
    const fill = { schemaId, target: 'accountuser', answers: { '0': { value: true } } };
    const others = await otherWorker.command('custom-fields.fill', { ...fill, targetObjectId: workerId });
    expect([others.status, others.json.code]).toEqual([403, 'access.role-required']);
    expect((await worker.command('custom-fields.fill', { ...fill, targetObjectId: workerId })).status).toBe(
      200,
    );
    const mine = (await synced(worker, 'fieldValues')).filter((v) => v.schemaId === schemaId);
    expect(mine.map((v) => [v.targetObjectId, v.values['0'].value])).toEqual([[workerId, true]]);
    expect((await synced(otherWorker, 'fieldValues')).filter((v) => v.schemaId === schemaId)).toEqual([]);
  });

  it('without the metadata feature nothing is written', async () => {
    const solo = api.client();
    await solo.signup('fields-solo@example.com');
    const res = await solo.command('custom-fields.create-schema', { title: 'Van', target: 'any' });
    expect([res.status, res.json.code]).toEqual([403, 'access.feature-required']);
    expect(await synced(solo, 'fieldSchema')).toEqual([]);
  });
});
