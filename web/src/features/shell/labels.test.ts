import { DrawerSections, routes } from '@roundwise/core';
import { describe, expect, it } from 'vitest';
import { wholeCatalogue } from '../../locales/files.ts';

const catalogue = wholeCatalogue();

describe('drawer labels', () => {
  it('has a label for every route of the table and a title for every drawer section', () => {
    expect(routes.map((r) => `route.${r.name}`).filter((k) => !catalogue[k])).toEqual([]);
    // drawerModel titles franchise "franchising" (spec 000 section 2.2).
    const titles = DrawerSections.map((s) => `drawer.section.${s === 'franchise' ? 'franchising' : s}`);
    expect(titles.filter((k) => !catalogue[k])).toEqual([]);
  });
});
