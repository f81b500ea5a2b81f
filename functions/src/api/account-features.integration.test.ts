import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApi } from '../test-harness.ts';

let api: Awaited<ReturnType<typeof startTestApi>>;
beforeAll(async () => {
  api = await startTestApi();
}, 60_000);
afterAll(() => api.stop());

describe('the Owner switches on the features the plan includes (PATCH /api/account flags)', () => {
  it('a new business opens Send and the audit log once the Owner switches them on', async () => {
    const owner = api.client();
    await owner.signup('features-owner@example.com');
    expect((await owner.post('/audit/events', {})).json.code).toBe('access.feature-required');
    const on = await owner.patch('/account', { flags: ['send', 'audit'] });
    expect(on.status).toBe(200);
    expect(on.json.flags).toEqual(['send', 'audit']);
    // Without developer mode: the Owner's own switch is enough.
    expect((await owner.post('/audit/events', {})).status).toBe(200);
  });

  it('refuses a feature the plan does not include, changing nothing', async () => {
    const owner = api.client();
    await owner.signup('features-core@example.com');
    expect((await owner.post('/account/subscription', { level: 'Core' })).status).toBe(200);
    const refused = await owner.patch('/account', { flags: ['send', 'balance'] });
    expect(refused.status).toBe(403);
    expect(refused.json.code).toBe('access.level-required');
    expect((await owner.get('/me')).json.flags).toEqual([]);
    expect((await owner.patch('/account', { flags: ['send'] })).status).toBe(200);
  });
});
