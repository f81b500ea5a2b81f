import type { Visits } from '@roundwise/core';
import { EntityRepository, MessageLinks } from '@roundwise/db';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { linkFrom, startTestApi } from '../test-harness.ts';

let api: Awaited<ReturnType<typeof startTestApi>>;
beforeAll(async () => {
  api = await startTestApi();
}, 60_000);
afterAll(() => api.stop());

const rate = (token: string, form: Record<string, string>) =>
  api.app.request(`/api/go/m/${token}/rate`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded', origin: 'http://localhost' },
    body: new URLSearchParams(form).toString(),
  });

describe("the customer's rating page, from the visit's message", () => {
  it('asks once from a done visit; the link rates it once, refusing bad input and a second rating, writing nothing then', async () => {
    const owner = api.client();
    await owner.signup('rate-owner@example.com', 'Rated Windows');
    const verify = linkFrom(api.outbox, 'rate-owner@example.com', 'verify-email');
    expect((await owner.post('/auth/verify-email', { token: verify })).status).toBe(200);
    const accountId = (await owner.get('/me')).json.account.accountId as string;
    const repo = new EntityRepository(api.db, accountId);
    const customerId = (
      await owner.command('customers.create', {
        name: 'Ann Smith',
        email: 'ann@example.org',
        contactMethods: ['email'],
      })
    ).json.result._id as string;
    const job = await owner.command('jobs.create', {
      customerId,
      date: '2026-11-02',
      price: 18,
      frequencyType: 'Weeks',
      frequencyInterval: 2,
    });
    const jobId = job.json.result._id as string;
    const visitId = `${jobId}-20261102`;
    expect((await owner.command('visits.complete', { jobId, isoDueDate: '2026-11-02' })).status).toBe(200);
    // Asked from the visit (its screen's "Ask for a rating"): the request, sent twice under its
    // idempotency key and once more as a retry of the same message, is one mail.
    const request = {
      _id: 'rate-request-1',
      jobId,
      isoDueDate: '2026-11-02',
      type: 'Email',
      subject: 'Your windows are clean',
      content: 'Thank you! Tell us how we did: [rating-link]',
    };
    const sent = await owner.command('notifications.request-rating', request, 'rate-cmd-1');
    expect([sent.status, sent.json.code]).toEqual([200, undefined]);
    expect((await owner.command('notifications.request-rating', request, 'rate-cmd-1')).status).toBe(200);
    expect((await owner.command('notifications.request-rating', request, 'rate-cmd-2')).status).toBe(200);
    const mails = api.outbox.filter((m) => m.to === 'ann@example.org');
    expect(mails).toHaveLength(1);
    const notificationId = sent.json.result._id as string;
    const token = (await new MessageLinks(api.db).tokensFor(accountId, [notificationId])).get(
      notificationId,
    )!;
    // The link in the mail is the message's token, not the id of the message or the visit.
    expect(mails[0]?.text).toBe(`Thank you! Tell us how we did: http://localhost:3000/go/m/${token}/rate`);

    const form = await api.app.request(`/api/go/m/${token}/rate`);
    expect(form.status).toBe(200);
    expect(await form.text()).toContain('How did Rated Windows do?');

    const bad = await rate(token, { rating: '6' });
    expect(bad.status).toBe(400);
    expect(await bad.text()).toContain('Choose from 1 to 5 stars.');
    expect((await repo.get<Visits.VisitRecord>('visit', visitId))?.rating).toBeUndefined();

    expect((await rate(token, { rating: '5', feedback: ' Spotless ' })).status).toBe(200);
    const again = await rate(token, { rating: '1', feedback: 'changed my mind' });
    expect(again.status).toBe(409);
    expect((await repo.get<Visits.VisitRecord>('visit', visitId))?.rating).toMatchObject({
      rating: 5,
      feedback: 'Spotless',
      displayName: 'Ann S.',
    });
    expect(await (await api.app.request(`/api/go/m/${token}/rate`)).text()).toContain('already been rated');

    // The message's id, or a guessed token, is no link.
    expect((await api.app.request(`/api/go/m/${notificationId}/rate`)).status).toBe(404);
    expect((await rate('AAAAAAAAAAAAAAAAAAAAAA', { rating: '5' })).status).toBe(404);
  });

  it('the business publishes and unpublishes a rating (Owner, Admin); a Worker is refused, nothing changes', async () => {
    const owner = api.client();
    await owner.signup('publish-owner@example.com', 'Published Windows');
    const accountId = (await owner.get('/me')).json.account.accountId as string;
    const customerId = (await owner.command('customers.create', { name: 'Bob Jones' })).json.result
      ._id as string;
    const jobId = (
      await owner.command('jobs.create', {
        customerId,
        date: '2026-11-02',
        price: 18,
        frequencyType: 'OneOff',
      })
    ).json.result._id as string;
    expect((await owner.command('visits.complete', { jobId, isoDueDate: '2026-11-02' })).status).toBe(200);
    const visitId = `${jobId}-20261102`;
    // The rating as the customer's page stores it (the page itself is tested above).
    const repo = new EntityRepository(api.db, accountId);
    const visit = (await repo.get<Visits.VisitRecord>('visit', visitId))!;
    await repo.put(
      'visit',
      {
        ...visit,
        rating: { rating: 4, feedback: 'Good', date: '2026-11-03T10:00:00.000Z', displayName: 'Bob J.' },
      },
      visit._version,
    );

    const { member: worker } = await api.addMember(owner, 'publish-worker@example.com', ['Worker']);
    const refused = await worker.put(`/account/public-ratings/${visitId}`, {});
    expect([refused.status, refused.json.code]).toEqual([403, 'access.role-required']);
    expect((await owner.get('/me')).json.account.settings.publicRatings).toEqual([]);

    const missing = await owner.put(`/account/public-ratings/${jobId}-20261116`, {});
    expect([missing.status, missing.json.code]).toEqual([404, 'ratings.not-found']);

    const published = await owner.put(`/account/public-ratings/${visitId}`, {});
    expect(published.status).toBe(200);
    expect(published.json.account.settings.publicRatings).toEqual([
      {
        appointmentId: visitId,
        displayName: 'Bob J.',
        rating: 4,
        feedback: 'Good',
        date: '2026-11-03T10:00:00.000Z',
      },
    ]);
    const unpublished = await owner.delete(`/account/public-ratings/${visitId}`);
    expect(unpublished.json.account.settings.publicRatings).toEqual([]);
  });
});
