import { describe, expect, it } from 'vitest';
import { rejection, testActor } from '../testing.ts';
import { scheduleFixture } from '../visits/fixture.ts';
import * as Services from './index.ts';

describe('services', () => {
  it('creates and edits a service (name, description, default price, default duration)', async () => {
    const f = await scheduleFixture();
    await f.run('services.create', { _id: 'S2', name: ' Gutters ', defaultPrice: 45, defaultDuration: 60 });
    await f.run('services.update', { _id: 'S2', changes: { description: 'Clear and flush' } });
    expect(await f.store.get('service', 'S2')).toMatchObject({
      name: 'Gutters',
      description: 'Clear and flush',
      defaultPrice: 45,
      defaultDuration: 60,
    });
    expect((await rejection(f.run('services.create', { name: '  ' }))).code).toBe('services.enter-name');
  });

  it('deleting a service jobs use is refused with their count, then detached from them on request', async () => {
    const f = await scheduleFixture();
    await f.job({ _id: 'J1', services: ['S1'] });
    await f.job({ _id: 'J2', services: [] });
    const before = f.writes();
    const e = await rejection(f.run('services.delete', { _id: 'S1' }));
    expect([e.code, e.params]).toEqual(['services.in-use', { count: 1 }]);
    expect(f.writes()).toBe(before);
    expect(await f.run('services.delete', { _id: 'S1', detach: true })).toMatchObject({
      detachedFromJobs: 1,
    });
    expect(await f.store.get('service', 'S1')).toBeUndefined();
    expect(await f.store.get('job', 'J1')).toMatchObject({ services: [] });
  });

  it('a service no job uses is deleted at once; only Owner and Admin may', async () => {
    const f = await scheduleFixture(testActor({ roles: ['Creator'] }));
    expect((await rejection(f.run('services.delete', { _id: 'S1' }))).code).toBe('access.role-required');
    const owner = f.ctxOf(testActor());
    await f.run('services.delete', { _id: 'S1' }, owner);
    expect(await f.store.get('service', 'S1')).toBeUndefined();
  });
});

describe('services-advanced: quote questions, prices by frequency, durations', () => {
  const questions = [
    { id: 'q1', label: 'How many windows?', type: 'number', required: true },
    { id: 'q2', label: 'Conservatory?', type: 'yes-no' },
    { id: 'q3', label: 'Property', type: 'choice', options: ['Terrace', 'Semi', 'Detached'] },
  ];
  const prices = [
    { frequencyType: 'Weeks', frequencyInterval: 4, price: 18 },
    { frequencyType: 'Weeks', frequencyInterval: 8, price: 22, duration: 40 },
    { frequencyType: 'OneOff', price: 35, duration: 45 },
  ];

  it('a Creator sets questions, prices by frequency and the duration; the offer follows the frequency', async () => {
    const f = await scheduleFixture(testActor({ roles: ['Creator'] }));
    await f.run('services.update-advanced', {
      _id: 'S1',
      changes: { quoteQuestions: questions, frequencyPrices: prices, defaultDuration: 25 },
    });
    const s = (await f.store.get('service', 'S1')) as Services.Service;
    expect(s.quoteQuestions.map((q) => [q.label, q.type, q.required])).toEqual([
      ['How many windows?', 'number', true],
      ['Conservatory?', 'yes-no', false],
      ['Property', 'choice', false],
    ]);
    expect(Services.offerFor(s, { frequencyType: 'Weeks', frequencyInterval: 8 })).toEqual({
      price: 22,
      duration: 40,
    });
    expect(Services.offerFor(s, { frequencyType: 'Weeks', frequencyInterval: 4 })).toEqual({
      price: 18,
      duration: 25,
    });
    // A one-off is one whatever interval is sent; a frequency not listed takes the defaults.
    expect(Services.offerFor(s, { frequencyType: 'OneOff', frequencyInterval: 3 }).price).toBe(35);
    expect(Services.offerFor(s, { frequencyType: 'Weeks', frequencyInterval: 12 })).toEqual({
      price: 20,
      duration: 25,
    });
  });

  it('refuses a choice with no options, a frequency priced twice, a blank question; nothing written', async () => {
    const f = await scheduleFixture();
    const before = f.writes();
    const refused = async (changes: object) =>
      (await rejection(f.run('services.update-advanced', { _id: 'S1', changes }))).code;
    expect(
      await refused({ quoteQuestions: [{ id: 'q', label: 'Type', type: 'choice', options: [' '] }] }),
    ).toBe('services.question-options-required');
    expect(
      await refused({
        frequencyPrices: [
          { frequencyType: 'Weeks', frequencyInterval: 4, price: 1 },
          { frequencyType: 'Weeks', frequencyInterval: 4, price: 2 },
        ],
      }),
    ).toBe('services.frequency-duplicate');
    expect(await refused({ quoteQuestions: [{ id: 'q', label: '\u200b ' }] })).toBe(
      'services.question-label-required',
    );
    expect(
      await refused({ frequencyPrices: [{ frequencyType: 'Weeks', frequencyInterval: 4, price: -1 }] }),
    ).toBe('visits.price-not-negative');
    expect(f.writes()).toBe(before);
  });

  it('a Worker may not; the screen needs the Advanced level', async () => {
    const f = await scheduleFixture(testActor({ roles: ['Worker'] }));
    expect((await rejection(f.run('services.update-advanced', { _id: 'S1', changes: {} }))).code).toBe(
      'access.role-required',
    );
    const core = f.ctxOf(testActor({ level: 'Core' }));
    expect((await rejection(f.run('services.update-advanced', { _id: 'S1', changes: {} }, core))).code).toBe(
      'access.level-required',
    );
  });

  it('answers are checked against the questions: required, kind, choice; unknown ones dropped', () => {
    const s = Services.Service.parse({ _id: 'S', name: 'Windows', quoteQuestions: questions });
    expect(Services.checkAnswers(s, { q1: '12', q2: 'yes', q3: 'semi', zz: 'x' })).toEqual({
      q1: 12,
      q2: true,
      q3: 'Semi',
    });
    const code = (answers: Record<string, Services.Answer>) => {
      try {
        Services.checkAnswers(s, answers);
        return 'accepted';
      } catch (e) {
        return (e as { code: string; params: object }).code;
      }
    };
    expect(code({ q2: true })).toBe('services.answer-required');
    expect(code({ q1: 'lots' })).toBe('services.answer-invalid');
    expect(code({ q1: 3, q3: 'Bungalow' })).toBe('services.answer-invalid');
    expect(code({ q1: 3, q2: 'maybe' })).toBe('services.answer-invalid');
  });
});
