import { readdirSync, readFileSync } from 'node:fs';
import { DEFAULT_ROUTES, routes } from '@roundwise/core';
import { describe, expect, it } from 'vitest';
import { routeTree } from '../../routeTree.gen.ts';
import { screensOf } from './screens';

const screens = screensOf(routeTree);
const routeFiles = new URL('../../routes/_app/', import.meta.url);

describe('the screens of this build', () => {
  it('are the route names the route files declare, so a new screen needs no list of its own', () => {
    const declared = readdirSync(routeFiles).flatMap((file) => {
      const name = /routeName: '([^']+)'/.exec(readFileSync(new URL(file, routeFiles), 'utf8'))?.[1];
      return name ? [name] : [];
    });
    expect([...screens].sort()).toEqual([...new Set(declared)].sort());
    expect(screens.has('schedule')).toBe(true);
  });

  it('cover every route of the table: a route with no screen of its own fails here', () => {
    // The routes whose screens are still being built, each by its area's work. Only a route with
    // no screen may be listed, so the list can only shrink: a new screen must leave it.
    const awaiting = new Set([
      'marketplace',
      'verify-email',
      'visual-planner',
      'analytics',
      'franchise',
      'franchise-map',
      'canvassing',
    ]);
    const names = routes.map((r) => r.name);
    expect(names.filter((n) => !screens.has(n) && !awaiting.has(n))).toEqual([]);
    expect([...awaiting].filter((n) => screens.has(n) || !names.includes(n))).toEqual([]);
  });

  it('are all routes of the table', () => {
    const names = new Set(routes.map((r) => r.name));
    expect([...screens].filter((n) => !names.has(n))).toEqual([]);
  });

  it('include the block editor, which neither the drawer nor the landing offers', () => {
    // Opened from a template with its id: no drawer section, no default route.
    expect(screens.has('block-editor')).toBe(true);
    expect(routes.find((r) => r.name === 'block-editor')?.section).toBeUndefined();
    expect(DEFAULT_ROUTES).not.toContain('block-editor');
  });

  it('reads a hand-built tree too (children as an array)', () => {
    const leaf = (routeName?: string) => ({ options: { staticData: { routeName } } });
    const tree = {
      options: {},
      children: [{ ...leaf(), children: [leaf('teams'), leaf('alerts'), leaf()] }],
    };
    expect([...screensOf(tree)].sort()).toEqual(['alerts', 'teams']);
  });
});
