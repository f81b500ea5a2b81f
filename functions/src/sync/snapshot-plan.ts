import { type EntityType, Sync } from '@roundwise/core';
import type { SnapshotSection } from '@roundwise/db';

/** How a section serves a view: its pages as stored, or each page through the view first. */
export type SectionUse = 'as-is' | 'filter';

/** A page of a device's first load: a snapshot chunk, with its type and size for the device's progress. */
export interface PlannedPage {
  index: number;
  type: EntityType;
  entities: number;
}

/**
 * May this section's pages go to a member with `view`, and how? As stored when the section holds
 * exactly the view's fields and records (or fewer of the records: one of the member's
 * partitions); through the view (`filter`) when it holds more, i.e. a whole type for a scoped or
 * projected view; never otherwise (a page cursor names a chunk, and a device could name any).
 */
export function sectionUse(section: SnapshotSection, view: Sync.SyncView): SectionUse | undefined {
  const type = view.types[section.type];
  if (!type) return undefined;
  if (section.projection && section.projection !== type.projection) return undefined;
  const fieldsMatch = section.projection === type.projection;
  if (section.scope) {
    if (!type.scopes?.includes(section.scope)) {
      // A partition of a type the view holds in full: every record in it is the member's too.
      return type.scopes ? undefined : fieldsMatch ? 'as-is' : 'filter';
    }
    if (!Sync.scopeKeysFor(section.scope, view).includes(section.part ?? '')) return undefined;
    return fieldsMatch ? 'as-is' : 'filter';
  }
  return fieldsMatch && !type.scopes ? 'as-is' : 'filter';
}

/**
 * The pages a view loads from a snapshot, in `Sync.syncOrder`: per type, the section that holds
 * exactly what the view holds (the type in full or in its projection, or the member's scope
 * partitions), else the type in full, sent through the view.
 */
export function planPages(sections: readonly SnapshotSection[], view: Sync.SyncView): PlannedPage[] {
  const pages: PlannedPage[] = [];
  const take = (s: SnapshotSection) =>
    s.counts.forEach((entities, i) => {
      pages.push({ index: s.first + i, type: s.type, entities });
    });
  for (const type of Sync.syncOrder) {
    const tv = view.types[type];
    if (!tv) continue;
    const ofType = sections.filter((s) => s.type === type);
    const same = (s: SnapshotSection) => s.projection === tv.projection;
    if (tv.scopes) {
      const scopes = tv.scopes;
      // Partitioned as the view wants, when the snapshot has this type's partitions (a marker
      // section without a part says so, also when no record is anyone's).
      const built = (scope: Sync.SyncScope) => ofType.some((s) => s.scope === scope && !s.part && same(s));
      if (scopes.every(built)) {
        for (const s of ofType) if (s.part && sectionUse(s, view) === 'as-is') take(s);
        continue;
      }
    } else {
      const exact = ofType.find((s) => !s.scope && same(s));
      if (exact) {
        take(exact);
        continue;
      }
    }
    const whole = ofType.find((s) => !s.scope && !s.projection);
    if (whole) take(whole);
  }
  return pages;
}
