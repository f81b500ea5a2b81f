import { describe, expect, it } from 'vitest';
import { loadCommand } from '../areas.ts';
import type { CommandContext } from '../commands/define.ts';
import { executeCommand } from '../commands/execute.ts';
import type { Entity } from '../entity.ts';
import { MemoryStore } from '../store/memory-store.ts';
import { rejection, testActor } from '../testing.ts';
import { MAX_REVISIONS, MAX_TEMPLATE_BYTES } from './revisions.ts';
import type { Template } from './schema.ts';

const NOW = new Date('2026-11-21T09:00:00Z');

function context(flags: ('send' | 'blockEditor')[] = ['send']) {
  let n = 0;
  const store = new MemoryStore(() => NOW);
  const ctx: CommandContext = {
    store,
    actor: testActor({ flags }),
    now: NOW,
    newId: () => `t${++n}`,
    emit() {},
  };
  return { store, ctx };
}
const run = (ctx: CommandContext, name: string, input: unknown) =>
  loadCommand(name).then((def) => executeCommand(def as never, ctx, input)) as Promise<Entity<Template>>;
const doc = (text: string) => ({
  type: 'doc',
  content: [{ type: 'paragraph', content: [{ type: 'text', text }] }],
});

describe('templates.create (spec 002 sections 3 and 5)', () => {
  it('refuses a blank name or subject with the form keys, and writes nothing', async () => {
    const { store, ctx } = context();
    expect((await rejection(run(ctx, 'templates.create', { name: ' ', subject: 'Hi' }))).code).toBe(
      'templates-form.nameRequired',
    );
    expect((await rejection(run(ctx, 'templates.create', { name: 'Spring', subject: '\u200b' }))).code).toBe(
      'templates-form.subjectRequired',
    );
    expect(await store.list('template')).toEqual([]);
  });

  it('defaults includeLink and useSubjectAsSmsMessage to true, the SMS text following the subject', async () => {
    const { ctx } = context();
    const t = await run(ctx, 'templates.create', {
      name: 'Spring',
      subject: 'Spring clean [date=?]',
      smsTemplate: 'x',
    });
    expect(t).toMatchObject({
      includeLink: true,
      useSubjectAsSmsMessage: true,
      smsTemplate: 'Spring clean [date=?]',
      readonly: false,
    });
    expect(t.html).toContain('<table role="presentation"');
  });

  it('keeps its own SMS text when the option is off', async () => {
    const { ctx } = context();
    const t = await run(ctx, 'templates.create', {
      name: 'Spring',
      subject: 'Spring',
      useSubjectAsSmsMessage: false,
      smsTemplate: 'Short text',
      state: doc('Body words'),
    });
    expect(t.smsTemplate).toBe('Short text');
    expect(t.html).toContain('Body words');
    expect(t.blocks).toBeUndefined();
  });

  it("makes a block template from the 'Basic' starter, with no revisions yet", async () => {
    const { ctx } = context();
    const t = await run(ctx, 'templates.create', { name: 'News', subject: 'News', starter: 'Basic' });
    expect(t.blocks?.length).toBeGreaterThan(0);
    expect(t.theme?.contentBackground).toBe('#ffffff');
    expect(t.revisions).toEqual([]);
    expect(t.html).toContain('max-width:600px');
  });

  it('refuses an unknown starter with the spec text, and a role outside send', async () => {
    const { ctx } = context();
    const bad = await rejection(run(ctx, 'templates.create', { name: 'N', subject: 'S', starter: 'Fancy' }));
    expect(bad.params?.issues).toEqual(['starter: Please select a starting template to continue']);
    const noFlag = context([]).ctx;
    expect((await rejection(run(noFlag, 'templates.create', { name: 'N', subject: 'S' }))).kind).toBe(
      'forbidden',
    );
  });

  it('never stores html a caller sends', async () => {
    const { ctx } = context();
    const t = await run(ctx, 'templates.create', { name: 'N', subject: 'S', html: '<script>x()</script>' });
    expect(t.html).not.toContain('<script');
  });
});

describe('templates.update and remove', () => {
  it('changes the details, the SMS following the new subject', async () => {
    const { ctx } = context();
    const t = await run(ctx, 'templates.create', { name: 'A', subject: 'Old' });
    const next = await run(ctx, 'templates.update', {
      _id: t._id,
      changes: { subject: 'New', state: doc('Hi') },
    });
    expect(next).toMatchObject({ name: 'A', subject: 'New', smsTemplate: 'New' });
    expect(next.html).toContain('Hi');
  });

  it("answers 'templateNotFound' for an unknown id", async () => {
    const { ctx } = context();
    const e = await rejection(run(ctx, 'templates.update', { _id: 'nope', changes: { name: 'B' } }));
    expect([e.kind, e.code]).toEqual(['not-found', 'templates.templateNotFound']);
  });

  it('refuses to edit, save, restore or remove a read-only template, and it stays as it was', async () => {
    const { store, ctx } = context();
    const t = await run(ctx, 'templates.create', {
      name: 'Ours',
      subject: 'S',
      readonly: true,
      starter: 'Basic',
    });
    for (const [name, input] of [
      ['templates.update', { _id: t._id, changes: { name: 'Mine' } }],
      ['templates.save-blocks', { _id: t._id, blocks: [], theme: {} }],
      ['templates.restore-revision', { _id: t._id, revisionId: 'r' }],
      ['templates.remove', { _id: t._id }],
    ] as const) {
      expect((await rejection(run(ctx, name, input))).code, name).toBe('templates.readonly');
    }
    expect(await store.get('template', t._id)).toEqual(t);
  });

  it('removes a template', async () => {
    const { store, ctx } = context();
    const t = await run(ctx, 'templates.create', { name: 'A', subject: 'S' });
    await run(ctx, 'templates.remove', { _id: t._id });
    expect(await store.get('template', t._id)).toBeUndefined();
  });
});

describe('block templates: save and revisions', () => {
  const text = (id: string, words: string) => ({ id, type: 'text', text: words });

  it('saves blocks and theme as a revision, and restores one', async () => {
    const { ctx } = context();
    const t = await run(ctx, 'templates.create', { name: 'News', subject: 'News', starter: 'Basic' });
    const first = await run(ctx, 'templates.save-blocks', {
      _id: t._id,
      blocks: [text('a', 'First words')],
      theme: { background: '#000000' },
    });
    const second = await run(ctx, 'templates.save-blocks', {
      _id: t._id,
      blocks: [text('a', 'Second')],
      theme: {},
    });
    expect(second.revisions?.map((r) => r.blocks[0])).toMatchObject([
      { text: 'Second' },
      { text: 'First words' },
    ]);
    expect(second.html).toContain('Second');

    const restored = await run(ctx, 'templates.restore-revision', {
      _id: t._id,
      revisionId: first.revisions?.[0]?._id,
    });
    expect(restored.blocks).toMatchObject([{ text: 'First words' }]);
    expect(restored.theme?.background).toBe('#000000');
    expect(restored.html).toContain('First words');
    expect(restored.revisions).toHaveLength(3);
  });

  it(`keeps the newest ${MAX_REVISIONS} revisions`, async () => {
    const { ctx } = context();
    const t = await run(ctx, 'templates.create', { name: 'News', subject: 'News', starter: 'Basic' });
    let last = t;
    for (let i = 0; i < MAX_REVISIONS + 3; i++) {
      last = await run(ctx, 'templates.save-blocks', { _id: t._id, blocks: [text('a', `v${i}`)], theme: {} });
    }
    expect(last.revisions).toHaveLength(MAX_REVISIONS);
    expect(last.revisions?.[0]?.blocks[0]).toMatchObject({ text: `v${MAX_REVISIONS + 2}` });
  });

  it('refuses a script address in a button, and blocks on a rich-text template', async () => {
    const { ctx } = context();
    const block = await run(ctx, 'templates.create', { name: 'N', subject: 'S', starter: 'Basic' });
    const button = { id: 'b', type: 'button', label: 'Go', href: 'javascript:alert(1)' };
    const e = await rejection(
      run(ctx, 'templates.save-blocks', { _id: block._id, blocks: [button], theme: {} }),
    );
    expect(e.code).toBe('templates.url-invalid');
    const rich = await run(ctx, 'templates.create', { name: 'R', subject: 'S' });
    const wrong = await rejection(
      run(ctx, 'templates.save-blocks', { _id: rich._id, blocks: [], theme: {} }),
    );
    expect(wrong.code).toBe('templates.not-block-template');
  });

  it('keeps only the revisions that fit beside the template in one table item', async () => {
    const { ctx } = context();
    const t = await run(ctx, 'templates.create', { name: 'News', subject: 'News', starter: 'Basic' });
    const big = [
      text('a', 'a'.repeat(9000)),
      ...Array.from({ length: 9 }, (_, i) => text(`b${i}`, 'b'.repeat(9000))),
    ];
    let last = t;
    for (let i = 0; i < 3; i++)
      last = await run(ctx, 'templates.save-blocks', { _id: t._id, blocks: big, theme: {} });
    expect(JSON.stringify(last).length).toBeLessThan(MAX_TEMPLATE_BYTES);
    expect(last.revisions).toHaveLength(1);
  });

  it('refuses a template whose mail would not fit one table item, and writes nothing', async () => {
    const { store, ctx } = context();
    // Quotes take two characters in the document's JSON and six in the HTML (&quot;).
    const e = await rejection(
      run(ctx, 'templates.create', { name: 'N', subject: 'S', state: doc('"'.repeat(45_000)) }),
    );
    expect(e.code).toBe('templates.too-large');
    expect(await store.list('template')).toEqual([]);
  });

  it('refuses a document nested too deep without walking it', async () => {
    const { ctx } = context();
    let node: Record<string, unknown> = { type: 'text', text: 'deep' };
    for (let i = 0; i < 5000; i++) node = { type: 'blockquote', content: [node] };
    const e = await rejection(
      run(ctx, 'templates.create', { name: 'N', subject: 'S', state: { type: 'doc', content: [node] } }),
    );
    expect(e.code).toBe('templates.too-large');
  });
});
