/** Spec 002 section 9: quick-schedule days and times, and the email scheduling limit. */
export const QUICK_DAYS = [0, 1, 7, 14, 30] as const;
export const QUICK_TIMES = [
  { label: 'Early morning', hour: 7, minute: 0 },
  { label: 'Morning', hour: 9, minute: 0 },
  { label: 'Afternoon', hour: 13, minute: 0 },
  { label: 'Evening', hour: 18, minute: 0 },
  { label: 'Late evening', hour: 20, minute: 0 },
] as const;
export const EMAIL_SCHEDULE_LIMIT_HOURS = 72;

export interface QuickOption {
  days: number;
  hour: number;
  minute: number;
  at: Date;
  /** Why it cannot be chosen: in the past, or email beyond the 72-hour limit. */
  disabled?: 'time-picker.date-is-in-the-past' | 'campaigns.email-schedule-limit';
}

/** The moment `days` after today at `hour:minute`, in the device's own time zone. */
export function quickMoment(now: Date, days: number, hour: number, minute: number): Date {
  const at = new Date(now.getFullYear(), now.getMonth(), now.getDate() + days, hour, minute);
  return at;
}

/** Why a chosen moment cannot be used, or undefined (spec 002 section 6, "Quick schedule"). */
export function scheduleRefusal(now: Date, at: Date, withEmail: boolean): QuickOption['disabled'] {
  if (at.getTime() <= now.getTime()) return 'time-picker.date-is-in-the-past';
  if (withEmail && at.getTime() - now.getTime() > EMAIL_SCHEDULE_LIMIT_HOURS * 3_600_000) {
    return 'campaigns.email-schedule-limit';
  }
  return undefined;
}

/** Every quick option, days by times, with the ones that cannot be chosen marked. */
export function quickOptions(now: Date, withEmail: boolean): QuickOption[] {
  return QUICK_DAYS.flatMap((days) =>
    QUICK_TIMES.map(({ hour, minute }) => {
      const at = quickMoment(now, days, hour, minute);
      const disabled = scheduleRefusal(now, at, withEmail);
      return { days, hour, minute, at, ...(disabled ? { disabled } : {}) };
    }),
  );
}
