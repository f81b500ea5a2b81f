import { describe, expect, it } from 'vitest';
import { touchUtm, utmFromQuery } from './utm.ts';

describe('marketing touches (UTM)', () => {
  it('keep the first touch and move the last one on', () => {
    const first = touchUtm(undefined, { utm_source: 'facebook', utm_campaign: 'spring' });
    expect(first).toEqual({
      utmParams: { utm_source: 'facebook', utm_campaign: 'spring' },
      utmLastTouch: { utm_source: 'facebook', utm_campaign: 'spring' },
    });
    const second = touchUtm(first, { utm_source: 'newsletter' });
    expect(second).toEqual({
      utmParams: { utm_source: 'facebook', utm_campaign: 'spring' },
      utmLastTouch: { utm_source: 'newsletter' },
    });
  });

  it('change nothing for a visit without parameters', () => {
    expect(touchUtm({ utmParams: { utm_source: 'x' } }, {})).toBeUndefined();
    expect(touchUtm(undefined, { utm_source: '' })).toBeUndefined();
  });

  it('read the six parameters from a query, trimmed and cut, nothing else', () => {
    expect(
      utmFromQuery({ utm_source: ' flyer ', utm_term: '', gclid: 'abc', utm_content: 'x'.repeat(300) }),
    ).toEqual({ utm_source: 'flyer', utm_content: 'x'.repeat(200) });
  });
});
