import './strings.ts';
import type { TFunction } from 'i18next';

/** Hours and minutes of a duration in minutes: "45 min", "1 h 30 min". */
export function durationText(minutes: number, t: TFunction): string {
  const h = Math.floor(minutes / 60);
  const m = minutes % 60;
  if (h === 0) return t('schedule.minutes', { count: m });
  return m === 0 ? t('schedule.hours', { count: h }) : t('schedule.hours-minutes', { h, m });
}
