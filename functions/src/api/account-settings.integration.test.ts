import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { linkFrom, startTestApi } from '../test-harness.ts';

let api: Awaited<ReturnType<typeof startTestApi>>;
beforeAll(async () => {
  api = await startTestApi();
}, 60_000);
afterAll(() => api.stop());

describe('email settings and canned responses (spec 002 section 2.1, spec 001 section 2.9)', () => {
  it('the blocklist refuses short, duplicate and invalid addresses with the spec keys and writes nothing', async () => {
    const owner = api.client();
    await owner.signup('block-owner@example.com');
    const added = await owner.post('/account/email-settings/blocklist', { email: ' Spam@Example.com ' });
    expect(added.status).toBe(200);
    expect(added.json.account.settings.ignoredEmails).toEqual(['spam@example.com']);
    for (const [email, code] of [
      ['ab', 'validation.valid-email-required'],
      ['SPAM@example.com', 'email-settings.email-already-blocked'],
      ['not an email', 'validation.valid-email-required'],
    ]) {
      const res = await owner.post('/account/email-settings/blocklist', { email });
      expect(res.status).toBe(400);
      expect(res.json.code).toBe(code);
    }
    expect((await owner.get('/me')).json.account.settings.ignoredEmails).toEqual(['spam@example.com']);
    const removed = await owner.call(
      'DELETE',
      `/account/email-settings/blocklist/${encodeURIComponent('spam@example.com')}`,
    );
    expect(removed.json.account.settings.ignoredEmails).toEqual([]);
  });

  it('the reply-to address must be a valid email; a refusal keeps the old one', async () => {
    const owner = api.client();
    await owner.signup('reply-owner@example.com');
    const ok = await owner.put('/account/email-settings/reply-to', {
      customReplyTo: 'office@sparkle.example',
    });
    expect(ok.json.account.settings.customReplyTo).toBe('office@sparkle.example');
    const bad = await owner.put('/account/email-settings/reply-to', { customReplyTo: 'office' });
    expect(bad.status).toBe(400);
    expect(bad.json.code).toBe('email-settings.invalid-email');
    expect((await owner.get('/me')).json.account.settings.customReplyTo).toBe('office@sparkle.example');
  });

  it('canned responses are saved, edited and deleted by id; a Worker may not change them', async () => {
    const owner = api.client();
    await owner.signup('canned-owner@example.com');
    const saved = await owner.put('/account/canned-responses/r1', {
      title: 'Running late',
      message: 'Sorry, we are running [minutes=?] minutes late.',
      tags: ['late', ' '],
    });
    expect(saved.json.account.settings.cannedResponses).toEqual([
      {
        id: 'r1',
        title: 'Running late',
        message: 'Sorry, we are running [minutes=?] minutes late.',
        tags: ['late'],
      },
    ]);
    const edited = await owner.put('/account/canned-responses/r1', { title: 'Late', message: 'Late today.' });
    expect(edited.json.account.settings.cannedResponses).toMatchObject([{ id: 'r1', title: 'Late' }]);
    const blank = await owner.put('/account/canned-responses/r2', { title: ' ', message: 'x' });
    expect(blank.json.code).toBe('canned-responses.title-required');
    const deleted = await owner.call('DELETE', '/account/canned-responses/r1');
    expect(deleted.json.account.settings.cannedResponses).toEqual([]);

    await owner.post('/users/invite', { email: 'canned-worker@example.com', name: 'W', roles: ['Worker'] });
    const worker = api.client();
    const token = linkFrom(api.outbox, 'canned-worker@example.com', 'accept-invite');
    await worker.post('/auth/accept-invite', { token, password: 'worker pass 1' });
    const refused = await worker.put('/account/canned-responses/r3', { title: 'a', message: 'b' });
    expect(refused.status).toBe(403);
    const refusedBlock = await worker.post('/account/email-settings/blocklist', { email: 'x@example.com' });
    expect(refusedBlock.status).toBe(403);
  });

  it("each role's /api/me carries the email settings and canned responses only where its screens show them", async () => {
    const owner = api.client();
    await owner.signup('me-roles-owner@example.com');
    expect((await owner.patch('/account', { flags: ['multiUser'] })).status).toBe(200);
    await owner.post('/account/email-settings/blocklist', { email: 'blocked@example.org' });
    await owner.put('/account/email-settings/reply-to', { customReplyTo: 'office@sparkle.example' });
    await owner.put('/account/canned-responses/r1', { title: 'Late', message: 'Running late.' });
    const fields = ['emailAPI', 'customReplyTo', 'ignoredEmails', 'cannedResponses'];
    // Email settings are Owner and Admin's (spec 000 section 2.3); those who write messages
    // (Creator) keep the snippets and the blocklist their sends are checked against.
    const expected: Record<string, string[]> = {
      Admin: fields,
      Creator: ['ignoredEmails', 'cannedResponses'],
      JobEditor: [],
      Planner: [],
      Worker: [],
      Canvasser: [],
      Reporting: [],
    };
    for (const [role, shown] of Object.entries(expected)) {
      const { member, me } = await api.addMember(owner, `me-${role.toLowerCase()}@example.com`, [role]);
      for (const answer of [me, (await member.get('/me')).json]) {
        const settings = answer.account.settings as Record<string, unknown>;
        expect(
          fields.filter((f) => f in settings),
          role,
        ).toEqual(shown);
        // What every screen reads is still there.
        expect(settings).toMatchObject({ currency: 'GBP', defaultJobDuration: 30 });
      }
    }
    const full = (await owner.get('/me')).json.account.settings;
    expect(full).toMatchObject({
      ignoredEmails: ['blocked@example.org'],
      customReplyTo: 'office@sparkle.example',
      cannedResponses: [{ id: 'r1' }],
    });
    // An Owner's account save keeps the settings a member's `me` leaves out.
    expect((await owner.patch('/account', { settings: { defaultJobDuration: 45 } })).status).toBe(200);
    expect((await owner.get('/me')).json.account.settings).toMatchObject({
      defaultJobDuration: 45,
      ignoredEmails: ['blocked@example.org'],
      cannedResponses: [{ id: 'r1' }],
    });
  });
});
