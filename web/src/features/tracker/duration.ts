import './strings.ts';
import type { TFunction } from 'i18next';

/** A raw length as people read it: "1 h 05 min", "40 min", "30 s" (nothing rounded up). */
export function durationOf(ms: number, t: TFunction): string {
  const seconds = Math.floor(ms / 1000);
  if (seconds < 60) return t('tracker.seconds', { count: seconds });
  const minutes = Math.floor(seconds / 60);
  if (minutes < 60) return t('tracker.minutes', { count: minutes });
  return t('tracker.hours-minutes', {
    hours: Math.floor(minutes / 60),
    minutes: String(minutes % 60).padStart(2, '0'),
  });
}

const clocks = new Map<string, Intl.DateTimeFormat>();

/** "08:05" of an instant, in the device's zone (one formatter per language: making one costs far more than using it). */
export function clockOf(ms: number, language: string): string {
  let f = clocks.get(language);
  if (!f) {
    f = new Intl.DateTimeFormat(language, { hour: '2-digit', minute: '2-digit', hourCycle: 'h23' });
    clocks.set(language, f);
  }
  return f.format(ms);
}
