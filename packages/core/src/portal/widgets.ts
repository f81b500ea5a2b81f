import { z } from 'zod';

/**
 * The widget catalogue (spec 002 section 3 and 5): every widget a business can place, who may see
 * it, where it runs and its settings. The editor, the widgets script, the public page and the
 * server all read this one list: a new widget is a row here (docs/portal.md).
 *
 * - `auth`: `signed-in` widgets show only to a signed-in customer, `signed-out` only before, and
 *   `optional` to both.
 * - `framed`: shows a signed-in customer's money or history, so it runs in a first-party frame of
 *   the portal's origin (`/portal/{handle}/frame/{widget}`), never in the host page's DOM.
 * - `min` / `max`: grid cells (4 columns); the spec states a maximum only for edit-profile-button
 *   (exactly 1x1) and sign-out (height 1).
 * - `inPalette`: the layout editor's palette lists it (the spec hides a few).
 */
export type WidgetAuth = 'signed-in' | 'signed-out' | 'optional';

interface Size {
  w: number;
  h: number;
}

/** Days, as the range inputs take them: 0 to 1,095 (spec 002 section 5). */
const RangeDays = z.number().int().min(0, 'portal.range-invalid').max(1095, 'portal.range-invalid');

/** A working day's hours, stored as the spec says: `YYYY-MM-DDTHH:mm` texts (only the time is read). */
const WorkingHours = z.object({
  start: z.string().regex(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}$/, 'portal.working-hours-invalid'),
  end: z.string().regex(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}$/, 'portal.working-hours-invalid'),
});
export const WEEKDAYS = [
  'monday',
  'tuesday',
  'wednesday',
  'thursday',
  'friday',
  'saturday',
  'sunday',
] as const;
export type Weekday = (typeof WEEKDAYS)[number];

/** Each configurable widget's settings, with the defaults an unset widget has. */
export const widgetSettings = {
  'appointment-history': z.object({ viewAttachments: z.boolean().default(false) }),
  'book-appointment': z.object({
    jobBookingBuffer: z
      .number()
      .int()
      .min(0, 'portal.buffer-invalid')
      .max(365, 'portal.buffer-invalid')
      .default(1),
    disableWeekendBookings: z.boolean().default(false),
    minAndMaxRange: z
      .object({ min: RangeDays, max: RangeDays })
      .refine((r) => r.min <= r.max, 'portal.range-invalid')
      .default({ min: 0, max: 60 }),
  }),
  'edit-profile-button': z.object({ disableBillingAddressChanges: z.boolean().default(false) }),
  chat: z.object({
    useWorkingHours: z.boolean().default(false),
    workingDay: z.partialRecord(z.enum(WEEKDAYS), WorkingHours).default({}),
    outOfHoursMessage: z.string().trim().max(1000).default(''),
  }),
  profile: z.object({ showEditProfileButton: z.boolean().default(true) }),
  'todays-appointment': z.object({ allowAppointmentCancellation: z.boolean().default(false) }),
  /** 0 shows every upcoming visit (spec 002 section 5: "0 disables the limit"). */
  'upcoming-appointments': z.object({
    appointmentLimit: z
      .number()
      .int()
      .min(0, 'portal.limit-invalid')
      .max(200, 'portal.limit-invalid')
      .default(5),
  }),
  /** A relative address on the business's site to go to after signing in. */
  'sign-in': z.object({
    redirectUrl: z
      .string()
      .max(500)
      .refine((v) => v === '' || (/^\/(?!\/)/.test(v) && !/[\s\\]/.test(v)), 'portal.redirect-invalid')
      .default(''),
  }),
} as const;
export type ConfigurableWidget = keyof typeof widgetSettings;
export type WidgetSettings<W extends ConfigurableWidget> = z.output<(typeof widgetSettings)[W]>;

interface WidgetDef {
  auth: WidgetAuth;
  framed: boolean;
  min: Size;
  max?: Partial<Size>;
  inPalette: boolean;
}

const w = (auth: WidgetAuth, framed: boolean, min: [number, number], extra: Partial<WidgetDef> = {}) =>
  ({ auth, framed, min: { w: min[0], h: min[1] }, inPalette: true, ...extra }) satisfies WidgetDef;

export const widgets = {
  'address-search': w('optional', false, [1, 1], { inPalette: false }),
  'appointment-history': w('signed-in', true, [1, 5]),
  'all-quotes': w('signed-in', true, [1, 5]),
  'automatic-payments': w('signed-in', true, [1, 5]),
  'book-appointment': w('signed-in', true, [1, 5]),
  'component-previewer': w('optional', false, [4, 10]),
  'edit-profile-button': w('signed-in', true, [1, 1], { max: { w: 1, h: 1 } }),
  'sign-in': w('signed-out', false, [2, 7]),
  'sign-out': w('signed-in', false, [1, 1], { max: { h: 1 } }),
  'financial-history': w('signed-in', true, [1, 5]),
  'upcoming-appointments': w('signed-in', true, [1, 5]),
  'my-ratings': w('optional', false, [1, 1]),
  'quote-flow': w('optional', false, [1, 6], { inPalette: false }),
  'stripe-pre-pay': w('signed-in', true, [1, 5]),
  'todays-appointment': w('signed-in', true, [1, 5]),
  'welcome-card': w('optional', false, [1, 3]),
  chat: w('signed-in', true, [1, 4]),
  layout: w('optional', false, [1, 1], { inPalette: false }),
  profile: w('signed-in', true, [1, 5]),
  quote: w('signed-in', true, [1, 6]),
  spacer: w('optional', false, [1, 1], { inPalette: false }),
} as const satisfies Record<string, WidgetDef>;

export type WidgetName = keyof typeof widgets;
export const widgetNames = Object.keys(widgets) as WidgetName[];
export const WidgetName = z.enum(widgetNames as [WidgetName, ...WidgetName[]], 'portal.widget-unknown');

/** The widget a layout item shows: its `i`, with a spacer's number dropped (`spacer3` is a spacer). */
export function widgetOfItem(i: string): WidgetName | undefined {
  const name = /^spacer\d*$/.test(i) ? 'spacer' : i;
  return name in widgets ? (name as WidgetName) : undefined;
}

/** True when `name` has settings (spec 002 section 3). */
export const isConfigurable = (name: string): name is ConfigurableWidget => name in widgetSettings;

/** A widget's settings as stored, or its defaults when the business never set them. */
export function settingsOf<W extends ConfigurableWidget>(name: W, stored: unknown): WidgetSettings<W> {
  const parsed = widgetSettings[name].safeParse(stored ?? {});
  return (parsed.success ? parsed.data : widgetSettings[name].parse({})) as WidgetSettings<W>;
}

/** The widgets whose frame the portal origin serves. */
export const framedWidgets = widgetNames.filter((n) => widgets[n].framed);
