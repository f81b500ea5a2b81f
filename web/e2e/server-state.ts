import type { APIRequestContext } from '@playwright/test';
import { expect } from '@playwright/test';

interface SyncPage {
  // biome-ignore lint/suspicious/noExplicitAny: sync changes are arbitrary JSON here
  changes: { type: string; entity: any }[];
  cursor: string;
  hasMore: boolean;
  pages?: { cursor: string }[];
}

/**
 * Every live entity the server sends the signed-in member, by type: a full sync from no cursor as
 * a new device does it, the snapshot's pages included (an account large enough has one, and its
 * first answer then lists pages rather than changes), newest version of each record kept.
 */
// biome-ignore lint/suspicious/noExplicitAny: sync changes are arbitrary JSON here
export async function serverState(request: APIRequestContext): Promise<Map<string, any[]>> {
  // biome-ignore lint/suspicious/noExplicitAny: sync changes are arbitrary JSON here
  const byKey = new Map<string, { type: string; entity: any }>();
  const apply = (page: SyncPage) => {
    for (const c of page.changes) {
      const key = `${c.type}#${c.entity._id}`;
      const held = byKey.get(key);
      if (!held || held.entity._version <= c.entity._version) byKey.set(key, c);
    }
  };
  const get = async (cursor: string): Promise<SyncPage> => {
    const res = await request.get(`/api/sync?cursor=${encodeURIComponent(cursor)}`);
    expect(res.status()).toBe(200);
    return res.json();
  };
  let cursor = '';
  for (let i = 0; i < 500; i++) {
    const page = await get(cursor);
    for (const p of page.pages ?? []) apply(await get(p.cursor));
    apply(page);
    cursor = page.cursor;
    if (!page.hasMore) break;
  }
  // biome-ignore lint/suspicious/noExplicitAny: sync changes are arbitrary JSON here
  const out = new Map<string, any[]>();
  for (const { type, entity } of byKey.values()) {
    if (entity._deleted) continue;
    out.set(type, [...(out.get(type) ?? []), entity]);
  }
  return out;
}

/** The live entities of one type the server sends the signed-in member (see `serverState`). */
// biome-ignore lint/suspicious/noExplicitAny: sync changes are arbitrary JSON here
export async function serverEntities(request: APIRequestContext, type: string): Promise<any[]> {
  return (await serverState(request)).get(type) ?? [];
}
