import { changesOf, generate } from './scripts/seed/generate.ts';
import { encodeEntitySet } from './web/src/lib/sync/entity-codec.ts';
const d = generate('city', { accountId: 'acct', today: '2026-11-24' });
const byType = new Map<string, Record<string, unknown>>();
for (const { type, entity } of changesOf(d)) {
  const m = byType.get(type) ?? {};
  m[entity._id] = entity;
  byType.set(type, m);
}
for (const [type, byId] of byType) {
  const text = encodeEntitySet({ byId: byId as never, gone: {} })!;
  console.log(type, Object.keys(byId).length, (text.length / 1e6).toFixed(1), 'MB codec,', (JSON.stringify(Object.values(byId)).length / 1e6).toFixed(1), 'MB json');
}
