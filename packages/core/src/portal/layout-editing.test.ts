import { describe, expect, it } from 'vitest';
import type { CommandContext, CommandDef } from '../commands/define.ts';
import { executeCommand } from '../commands/execute.ts';
import { MemoryStore } from '../store/memory-store.ts';
import { rejection, testActor } from '../testing.ts';
import { saveLayout } from './commands.ts';
import { addSpacer, fitItem, migrateLayout, sizeLimits, toggleWidget } from './layout-editing.ts';
import type { LayoutItem } from './schema.ts';
import type { WidgetName } from './widgets.ts';

describe('widget sizes (spec 002 section 5)', () => {
  // "Widget minimum and maximum sizes (width x height)": minimums, save edit-profile-button
  // ("exactly 1x1") and sign-out ("min 1x1 and max height 1"); the grid is 4 columns wide.
  it.each<[WidgetName, number, number, number, number]>([
    ['address-search', 1, 1, 4, 100],
    ['appointment-history', 1, 5, 4, 100],
    ['all-quotes', 1, 5, 4, 100],
    ['automatic-payments', 1, 5, 4, 100],
    ['book-appointment', 1, 5, 4, 100],
    ['component-previewer', 4, 10, 4, 100],
    ['edit-profile-button', 1, 1, 1, 1],
    ['sign-in', 2, 7, 4, 100],
    ['sign-out', 1, 1, 4, 1],
    ['financial-history', 1, 5, 4, 100],
    ['upcoming-appointments', 1, 5, 4, 100],
    ['my-ratings', 1, 1, 4, 100],
    ['quote-flow', 1, 6, 4, 100],
    ['stripe-pre-pay', 1, 5, 4, 100],
    ['todays-appointment', 1, 5, 4, 100],
    ['welcome-card', 1, 3, 4, 100],
    ['chat', 1, 4, 4, 100],
    ['layout', 1, 1, 4, 100],
    ['profile', 1, 5, 4, 100],
    ['quote', 1, 6, 4, 100],
    ['spacer', 1, 1, 4, 100],
  ])('%s: at least %ix%i, at most %ix%i', (name, minW, minH, maxW, maxH) => {
    expect(sizeLimits(name)).toEqual({ minW, minH, maxW, maxH });
  });

  const ctx = (): CommandContext => ({
    store: new MemoryStore(() => new Date('2026-11-21T10:00:00Z')),
    actor: testActor(),
    now: new Date('2026-11-21T10:00:00Z'),
    newId: () => 'L1',
    emit() {},
  });
  const save = (layout: LayoutItem[]) =>
    executeCommand(saveLayout as CommandDef as never, ctx(), { name: 'Layout 1', layout });

  it.each<[string, LayoutItem]>([
    ['sign-in narrower than 2', { i: 'sign-in', x: 0, y: 0, w: 1, h: 7 }],
    ['sign-in shorter than 7', { i: 'sign-in', x: 0, y: 0, w: 2, h: 6 }],
    ['edit-profile-button wider than 1', { i: 'edit-profile-button', x: 0, y: 0, w: 2, h: 1 }],
    ['sign-out taller than 1', { i: 'sign-out', x: 0, y: 0, w: 1, h: 2 }],
    ['chat past the fourth column', { i: 'chat', x: 2, y: 0, w: 3, h: 4 }],
  ])('the server refuses %s, as the editor cannot make it', async (_, item) => {
    expect((await rejection(save([item]))).code).toBe('portal.widget-size-invalid');
    expect(fitItem(item)).not.toEqual(item);
  });

  it('keeps a layout at the limits exactly', async () => {
    const layout = [
      { i: 'sign-in', x: 0, y: 0, w: 2, h: 7 },
      { i: 'edit-profile-button', x: 3, y: 0, w: 1, h: 1 },
      { i: 'sign-out', x: 0, y: 7, w: 4, h: 1 },
    ];
    await expect(save(layout)).resolves.toMatchObject({ layout });
    for (const item of layout) expect(fitItem(item)).toEqual(item);
  });

  it('fits an item to its limits, moving it left rather than over the edge', () => {
    expect(fitItem({ i: 'sign-out', x: 3, y: 2, w: 3, h: 4 })).toEqual({
      i: 'sign-out',
      x: 1,
      y: 2,
      w: 3,
      h: 1,
    });
    expect(fitItem({ i: 'welcome-card', x: 0, y: 0, w: 0, h: 1 })).toEqual({
      i: 'welcome-card',
      x: 0,
      y: 0,
      w: 1,
      h: 3,
    });
    expect(fitItem({ i: 'no-such-widget', x: 0, y: 0, w: 1, h: 1 })).toBeUndefined();
  });
});

describe('the palette (spec 002 section 4)', () => {
  it('adds a widget at the bottom at its least size, and takes it out when toggled again', () => {
    const one = toggleWidget([{ i: 'welcome-card', x: 0, y: 0, w: 2, h: 3 }], 'sign-in');
    expect(one).toEqual([
      { i: 'welcome-card', x: 0, y: 0, w: 2, h: 3 },
      { i: 'sign-in', x: 0, y: 3, w: 2, h: 7 },
    ]);
    expect(toggleWidget(one, 'sign-in')).toEqual([{ i: 'welcome-card', x: 0, y: 0, w: 2, h: 3 }]);
  });

  it('adds spacers many times, each with a name of its own', () => {
    const layout = addSpacer(addSpacer(addSpacer([])));
    expect(layout.map((it) => it.i)).toEqual(['spacer1', 'spacer2', 'spacer3']);
    expect(layout.map((it) => it.y)).toEqual([0, 1, 2]);
    expect(addSpacer(layout.filter((it) => it.i !== 'spacer2')).at(-1)?.i).toBe('spacer2');
  });
});

describe('legacy layouts (spec 002 section 3: migrated on load, suffix " (migrated)")', () => {
  const sm = [
    { i: 'welcome-card', x: 0, y: 0, w: 4, h: 3 },
    { i: 'sign-in', x: 3, y: 3, w: 1, h: 2 },
    { i: 'retired-widget', x: 0, y: 5, w: 1, h: 1 },
    { i: 'welcome-card', x: 0, y: 9, w: 1, h: 3 },
  ];
  it.each([
    {
      case: 'the sm entry becomes the layout, fitted, unknown and repeated items dropped',
      stored: { _id: 'L1', name: 'Home', layoutsByViewmode: { sm, lg: [] } },
      want: {
        layout: {
          _id: 'L1',
          name: 'Home (migrated)',
          layout: [
            { i: 'welcome-card', x: 0, y: 0, w: 4, h: 3 },
            { i: 'sign-in', x: 2, y: 3, w: 2, h: 7 },
          ],
        },
        migrated: true,
      },
    },
    {
      case: 'no sm entry: an empty layout, still renamed',
      stored: { _id: 'L2', name: 'Old', layoutsByViewmode: { lg: sm } },
      want: { layout: { _id: 'L2', name: 'Old (migrated)', layout: [] }, migrated: true },
    },
    {
      case: 'a current layout is left as it is',
      stored: { _id: 'L3', name: 'Now', layout: [{ i: 'chat', x: 0, y: 0, w: 1, h: 4 }] },
      want: {
        layout: { _id: 'L3', name: 'Now', layout: [{ i: 'chat', x: 0, y: 0, w: 1, h: 4 }] },
        migrated: false,
      },
    },
  ])('$case', ({ stored, want }) => {
    expect(migrateLayout(stored)).toEqual(want);
  });

  it('takes the words of the screen for the new name', () => {
    const { layout } = migrateLayout(
      { _id: 'L1', name: 'Home', layoutsByViewmode: { sm: [] } },
      (n) => `${n} [moved]`,
    );
    expect(layout.name).toBe('Home [moved]');
  });
});
