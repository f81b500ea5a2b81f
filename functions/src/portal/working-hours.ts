import type { Portal } from '@roundwise/core';

/**
 * Whether the business is in its working hours now, by the chat widget's settings: each weekday's
 * start and end (stored as `YYYY-MM-DDTHH:mm` texts; only the time is read), in the business's
 * zone. A day with no hours is out of hours; without `useWorkingHours`, always in.
 */
export function inWorkingHours(
  settings: Portal.WidgetSettings<'chat'>,
  now: Date,
  timeZone: string,
): boolean {
  if (!settings.useWorkingHours) return true;
  const parts = new Intl.DateTimeFormat('en-GB', {
    timeZone,
    weekday: 'long',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  }).formatToParts(now);
  const part = (type: string) => parts.find((p) => p.type === type)?.value ?? '';
  const day = part('weekday').toLowerCase() as Portal.Weekday;
  const hours = settings.workingDay[day];
  if (!hours) return false;
  const time = `${part('hour')}:${part('minute')}`;
  return time >= hours.start.slice(11) && time < hours.end.slice(11);
}
