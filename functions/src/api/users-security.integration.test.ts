import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApi } from '../test-harness.ts';

let api: Awaited<ReturnType<typeof startTestApi>>;
beforeAll(async () => {
  api = await startTestApi();
}, 60_000);
afterAll(() => api.stop());

const CHROME_WINDOWS =
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Safari/537.36';
const SAFARI_IPHONE =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 18_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.0 Mobile/15E148 Safari/604.1';

describe('the users security view (users/audit)', () => {
  it('is refused below Ultimate and to roles other than Owner and Admin', async () => {
    const owner = api.client();
    await owner.signup('sec-owner1@example.com');
    expect((await owner.post('/account/subscription', { level: 'Advanced' })).status).toBe(200);
    const refused = await owner.get('/users/security');
    expect(refused.status).toBe(403);
    expect(refused.json.code).toBe('access.level-required');
    expect((await owner.post('/account/subscription', { level: 'Ultimate' })).status).toBe(200);
    const { member } = await api.addMember(owner, 'sec-worker1@example.com', ['Worker']);
    const worker = await member.get('/users/security');
    expect(worker.status).toBe(403);
    expect(worker.json.code).toBe('access.role-required');
    expect((await owner.get('/users/security')).status).toBe(200);
  });

  it('shows per person their sign-ins, failed sign-ins, new devices, role changes and invitations', async () => {
    const owner = api.client();
    await owner.signup('sec-owner2@example.com');
    await owner.post('/account/subscription', { level: 'Ultimate' });
    const { userId } = await api.addMember(owner, 'sec-worker2@example.com', ['Worker'], 'worker pass 2');
    const device = api.client();
    const signIn = (password: string, ua: string) =>
      device.post('/auth/login', { email: 'sec-worker2@example.com', password }, { 'user-agent': ua });
    expect((await signIn('worker pass 2', CHROME_WINDOWS)).status).toBe(200);
    expect((await signIn('wrong password', SAFARI_IPHONE)).status).toBe(401);
    expect((await signIn('worker pass 2', SAFARI_IPHONE)).status).toBe(200);
    expect((await signIn('worker pass 2', CHROME_WINDOWS)).status).toBe(200);
    expect((await owner.patch(`/users/${userId}`, { roles: ['Worker', 'Planner'] })).status).toBe(200);
    // An unknown address is refused the same way and recorded nowhere.
    expect((await device.post('/auth/login', { email: 'nobody@example.com', password: 'x' })).status).toBe(
      401,
    );

    const view = await owner.get('/users/security');
    const worker = view.json.users.find((u: { email: string }) => u.email === 'sec-worker2@example.com');
    expect(worker.counts).toEqual({
      'sign-in': 3,
      'sign-in-failed': 1,
      'new-device': 1,
      'role-change': 1,
      // Invited, then accepted.
      invitation: 2,
    });
    expect(worker.events[0]).toMatchObject({ kind: 'role-change', by: 'sec-owner2@example.com' });
    expect(worker.events.map((e: { kind: string }) => e.kind)).toContain('new-device');
    expect(worker.events.find((e: { kind: string }) => e.kind === 'new-device').device).toBe('Safari on iOS');
    expect(view.json.users.map((u: { email: string }) => u.email)).not.toContain('nobody@example.com');
  });
});
