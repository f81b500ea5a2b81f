import i18next from 'i18next';
import { describe, expect, it } from 'vitest';
import { countFormatter } from './count-format.ts';

describe('interpolated numbers (en-GB)', () => {
  it('groups counts with thousands separators and leaves other numbers alone', async () => {
    const i18n = i18next.createInstance();
    await i18n.use(countFormatter).init({
      lng: 'en-GB',
      keySeparator: false,
      interpolation: { escapeValue: false, alwaysFormat: true },
      resources: {
        'en-GB': {
          translation: {
            'test.count_one': '{{count}} customer',
            'test.count_other': '{{count}} customers',
            'test.number': 'Quote {{number}} for {{name}}',
          },
        },
      },
    });
    expect(i18n.t('test.count', { count: 1834 })).toBe('1,834 customers');
    expect(i18n.t('test.count', { count: 1 })).toBe('1 customer');
    expect(i18n.t('test.number', { number: 1834, name: 'Ann' })).toBe('Quote 1834 for Ann');
  });
});
