import {
  publishLayout,
  saveDirectory,
  saveLayout,
  saveWidgetSettings,
} from '@roundwise/core/portal/commands';
import type { Ctx } from './model.ts';

/** The entities `makePortal` leaves: the directory entry, one layout, its publication, two widgets' settings. */
export const PORTAL_ENTITIES = 5;

/**
 * The business's customer portal, published at the scale's name as its URL handle (`/portal/demo`),
 * set up by the Owner's commands a day after the services and rounds. The handle's global claim
 * is written with the data (`load.ts`). The layout has the widgets a signed-out visitor and a
 * signed-in customer see, within the sizes the catalogue allows.
 */
export function makePortal(ctx: Ctx): void {
  ctx.setup.at(ctx.setupMs + 86_400_000, async () => {
    const { runner } = ctx;
    await runner.run(saveDirectory, {
      setupComplete: true,
      portalEnabled: 'y',
      isPublic: 'y',
      uniqueUrl: ctx.scale,
      businessName: ctx.businessName,
      summary: 'Window, gutter and conservatory cleaning around Cambridge, every four weeks or as you like.',
      telephone: '01632 960000',
      email: `hello@${ctx.scale}.roundwise.local`,
      addressDescription: 'Cambridge and the villages around it',
      config: { themeName: 'default', themeOptions: { primary: '#0e7490', mode: 'light', borderRadius: 8 } },
    });
    const layout = await runner.run(saveLayout, {
      name: 'Layout 1',
      layout: [
        { i: 'welcome-card', x: 0, y: 0, w: 4, h: 3 },
        { i: 'sign-in', x: 0, y: 3, w: 2, h: 7 },
        { i: 'address-search', x: 2, y: 3, w: 2, h: 2 },
        { i: 'quote-flow', x: 2, y: 5, w: 2, h: 6 },
        { i: 'upcoming-appointments', x: 0, y: 11, w: 2, h: 5 },
        { i: 'all-quotes', x: 2, y: 11, w: 2, h: 5 },
        { i: 'financial-history', x: 0, y: 16, w: 2, h: 5 },
        { i: 'chat', x: 2, y: 16, w: 2, h: 4 },
        { i: 'sign-out', x: 0, y: 21, w: 1, h: 1 },
      ],
    });
    await runner.run(publishLayout, { layoutId: layout._id });
    await runner.run(saveWidgetSettings, {
      widget: 'todays-appointment',
      settings: { allowAppointmentCancellation: true },
    });
    await runner.run(saveWidgetSettings, {
      widget: 'chat',
      settings: {
        useWorkingHours: false,
        workingDay: {},
        outOfHoursMessage: 'We will answer in the morning.',
      },
    });
  });
}
