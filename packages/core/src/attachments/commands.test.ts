import { describe, expect, it } from 'vitest';
import { loadCommand } from '../areas.ts';
import type { CommandContext, Effect } from '../commands/define.ts';
import { executeCommand } from '../commands/execute.ts';
import { MemoryStore } from '../store/memory-store.ts';
import { rejection, testActor } from '../testing.ts';
import { uploadRefusal } from './rules.ts';
import { ATTACHMENT_MAX_BYTES } from './schema.ts';

const NOW = new Date('2026-11-21T10:00:00Z');

describe('what may be uploaded', () => {
  it.each([
    ['a JPEG photo', 'image/jpeg', 3_000_000, undefined],
    ['a PDF of exactly 10 MB', 'application/pdf', ATTACHMENT_MAX_BYTES, undefined],
    ['a file over 10 MB', 'image/png', ATTACHMENT_MAX_BYTES + 1, 'attachment.too-large'],
    ['an empty file', 'image/png', 0, 'attachment.empty'],
    ['an SVG (it could run script)', 'image/svg+xml', 100, 'attachment.type-not-allowed'],
    ['an HTML page', 'text/html', 100, 'attachment.type-not-allowed'],
    ['a file with no type', '', 100, 'attachment.type-not-allowed'],
  ])('%s: %s', (_what, type, size, expected) => {
    expect(uploadRefusal({ type, size })).toBe(expected);
  });
});

describe('attachments.delete', () => {
  async function fixture(level: 'Core' | 'Advanced' = 'Advanced') {
    const store = new MemoryStore(() => NOW);
    const effects: Effect[] = [];
    const ctx: CommandContext = {
      store,
      actor: testActor({ level, roles: ['Worker'] }),
      now: NOW,
      newId: () => 'x',
      emit: (e) => effects.push(e),
    };
    await store.put('attachment', {
      _id: 'F1',
      name: 'roof.jpg',
      contentType: 'image/jpeg',
      size: 1000,
      key: 'acc/F1',
      createdDate: NOW.toISOString(),
      createdBy: 'owner@example.com',
      related: [],
    });
    const run = (input: unknown) =>
      loadCommand('attachments.delete').then((def) => executeCommand(def as never, ctx, input));
    return { store, effects, run };
  }

  it('removes the record and asks once for the file to be deleted (every role, at Advanced)', async () => {
    const f = await fixture();
    await f.run({ _id: 'F1' });
    expect(await f.store.get('attachment', 'F1')).toBeUndefined();
    expect(f.effects).toEqual([{ type: 'attachment.delete-object', payload: { key: 'acc/F1' } }]);
  });

  it('refuses an unknown id and, below Advanced, anyone; nothing changes', async () => {
    const f = await fixture();
    expect((await rejection(f.run({ _id: 'nope' }))).code).toBe('attachment.not-found');
    const core = await fixture('Core');
    expect((await rejection(core.run({ _id: 'F1' }))).code).toBe('access.level-required');
    expect(await core.store.get('attachment', 'F1')).toBeDefined();
    expect([...f.effects, ...core.effects]).toEqual([]);
  });
});
