import { type Entity, type EntityType, Sync } from '@roundwise/core';
import { expect } from 'vitest';
import type { Client } from '../test-harness.ts';

type Change = { type: string; entity: Entity };

/**
 * A device for the sync tests: what it holds, by `type:id`, kept as the web app keeps it (the
 * higher `_version` wins, tombstones remove, `drop` lets go, `restart` keeps only what the new
 * view holds and loads again), and its cursor.
 */
export class TestDevice {
  held = new Map<string, Entity>();
  cursor = '';
  /** The first answers' cursors of the last load (a snapshot load lists its pages). */
  fromSnapshot = false;
  restarts = 0;
  // biome-ignore lint/suspicious/noExplicitAny: the view as the API sends it
  view: any;

  constructor(readonly client: Client) {}

  /** Syncs until caught up; returns the answers' statuses (all 200 unless a test breaks it). */
  async sync() {
    this.fromSnapshot = false;
    for (let rounds = 0; rounds < 1000; rounds++) {
      const res = await this.client.get(`/sync?cursor=${this.cursor}`);
      expect(res.status).toBe(200);
      const page = res.json;
      if (page.restart) {
        this.restarts++;
        for (const [key, entity] of [...this.held]) {
          const type = key.split(':')[0] as EntityType;
          const kept = Sync.keptAfterViewChange(this.view, page.view, { type, entity });
          if (kept) this.held.set(key, kept);
          else this.held.delete(key);
        }
      }
      this.view = page.view;
      if (page.pages) {
        this.fromSnapshot = true;
        for (const p of page.pages as { cursor: string }[]) {
          const chunk = await this.client.get(`/sync?cursor=${p.cursor}`);
          expect(chunk.status).toBe(200);
          this.apply(chunk.json.changes);
        }
      }
      this.apply(page.changes);
      for (const d of (page.drop ?? []) as { type: string; id: string }[])
        this.held.delete(`${d.type}:${d.id}`);
      this.cursor = page.cursor;
      if (!page.hasMore) return;
    }
    throw new Error('sync did not finish');
  }

  private apply(changes: Change[]) {
    for (const { type, entity } of changes) {
      const key = `${type}:${entity._id}`;
      const known = this.held.get(key);
      if (known && known._version >= entity._version) continue;
      if (entity._deleted) this.held.delete(key);
      else this.held.set(key, entity);
    }
  }

  /** The entities held of one type. */
  of<T = Record<string, unknown>>(type: string): Entity<T>[] {
    return [...this.held].filter(([k]) => k.startsWith(`${type}:`)).map(([, e]) => e as Entity<T>);
  }
}
