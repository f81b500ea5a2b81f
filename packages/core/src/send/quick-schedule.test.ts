import { describe, expect, it } from 'vitest';
import { quickOptions, scheduleRefusal } from './quick-schedule.ts';

// Local times: the quick schedule works in the device's own zone.
const NOW = new Date(2026, 10, 25, 10, 30);

describe('quick schedule (spec 002 sections 6 and 9)', () => {
  it('offers days 0, 1, 7, 14, 30 at 07:00, 09:00, 13:00, 18:00 and 20:00', () => {
    const options = quickOptions(NOW, false);
    expect(options).toHaveLength(25);
    expect([...new Set(options.map((o) => o.days))]).toEqual([0, 1, 7, 14, 30]);
    expect([...new Set(options.map((o) => `${o.hour}:${o.minute}`))]).toEqual([
      '7:0',
      '9:0',
      '13:0',
      '18:0',
      '20:0',
    ]);
  });

  it('disables the past, and email beyond 72 hours', () => {
    const sms = quickOptions(NOW, false);
    const disabledSms = sms.filter((o) => o.disabled).map((o) => `${o.days}@${o.hour}`);
    expect(disabledSms).toEqual(['0@7', '0@9']);
    const email = quickOptions(NOW, true);
    const usable = email.filter((o) => !o.disabled).map((o) => `${o.days}@${o.hour}`);
    expect(usable).toEqual(['0@13', '0@18', '0@20', '1@7', '1@9', '1@13', '1@18', '1@20']);
    expect(email.find((o) => o.days === 7)?.disabled).toBe('campaigns.email-schedule-limit');
  });

  it('refuses a chosen moment in the past with the spec key', () => {
    expect(scheduleRefusal(NOW, new Date(2026, 10, 25, 10, 0), false)).toBe(
      'time-picker.date-is-in-the-past',
    );
    expect(scheduleRefusal(NOW, new Date(2026, 10, 28, 10, 29), true)).toBeUndefined();
    expect(scheduleRefusal(NOW, new Date(2026, 10, 28, 10, 31), true)).toBe('campaigns.email-schedule-limit');
  });
});
