import type { Visits } from '@roundwise/core';
import { EntityRepository } from '@roundwise/db';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApi } from '../test-harness.ts';

/**
 * The portal's published ratings (`GET /api/portal/{handle}/ratings`, docs/portal.md): what the
 * business published on its own portal only, nothing of a rating it did not publish, no visit id.
 */
let api: Awaited<ReturnType<typeof startTestApi>>;
beforeAll(async () => {
  api = await startTestApi();
}, 60_000);
afterAll(() => api.stop());

const key = () => ({ 'idempotency-key': crypto.randomUUID() });

/** A business with a published portal at `handle` and a done visit for each rating, rated as the customer's page stores it. */
async function ratedBusiness(handle: string, ratings: { stars: number; feedback: string; day: string }[]) {
  const owner = api.client();
  const email = `${handle}@example.com`;
  await owner.signup(email);
  const accountId = (await owner.get('/me')).json.account.accountId as string;
  const saved = await owner.call(
    'PUT',
    `/directory/secure/${email}`,
    { portalEnabled: 'y', isPublic: 'y', uniqueUrl: handle, businessName: `${handle} windows` },
    key(),
  );
  expect(saved.status).toBe(200);
  const repo = new EntityRepository(api.db, accountId);
  const customerId = (await owner.command('customers.create', { name: 'Rae Rater' })).json.result
    ._id as string;
  const visitIds: string[] = [];
  for (const { stars, feedback, day } of ratings) {
    const job = await owner.command('jobs.create', {
      customerId,
      date: day,
      price: 18,
      frequencyType: 'OneOff',
    });
    const jobId = job.json.result._id as string;
    expect((await owner.command('visits.complete', { jobId, isoDueDate: day })).status).toBe(200);
    const visitId = `${jobId}-${day.replaceAll('-', '')}`;
    const visit = (await repo.get<Visits.VisitRecord>('visit', visitId))!;
    await repo.put(
      'visit',
      { ...visit, rating: { rating: stars, feedback, date: `${day}T18:00:00.000Z`, displayName: 'Rae R.' } },
      visit._version,
    );
    visitIds.push(visitId);
  }
  return { owner, visitIds };
}

const ratingsOf = (handle: string, query = '') => api.client().get(`/portal/${handle}/ratings${query}`);

describe("the portal's published ratings (public)", () => {
  it('shows what the business published, newest first, never an unpublished one or another business’s', async () => {
    const a = await ratedBusiness('rated-a', [
      { stars: 5, feedback: 'Spotless', day: '2026-11-02' },
      { stars: 1, feedback: 'Missed the back', day: '2026-11-09' },
      { stars: 4, feedback: 'Good job', day: '2026-11-16' },
    ]);
    const b = await ratedBusiness('rated-b', [
      { stars: 2, feedback: 'From the other business', day: '2026-11-03' },
    ]);
    const none = await ratingsOf('rated-a');
    expect([none.status, none.json]).toEqual([200, { ratings: [], count: 0, average: null }]);

    for (const id of [a.visitIds[0], a.visitIds[2]]) {
      expect((await a.owner.put(`/account/public-ratings/${id}`, {})).status).toBe(200);
    }
    expect((await b.owner.put(`/account/public-ratings/${b.visitIds[0]}`, {})).status).toBe(200);

    const shown = await ratingsOf('rated-a');
    expect(shown.status).toBe(200);
    expect(shown.json).toEqual({
      ratings: [
        { displayName: 'Rae R.', rating: 4, feedback: 'Good job', date: '2026-11-16' },
        { displayName: 'Rae R.', rating: 5, feedback: 'Spotless', date: '2026-11-02' },
      ],
      count: 2,
      average: 4.5,
    });
    // Public and the same for everyone: a browser or the CDN may keep it a few minutes.
    expect(shown.headers.get('cache-control')).toBe('public, max-age=300');
    expect((await ratingsOf('rated-a', '?limit=1')).json).toMatchObject({
      ratings: [{ feedback: 'Good job' }],
      count: 2,
    });
    const big = await ratingsOf('rated-a', '?limit=500');
    expect([big.status, big.json.code]).toEqual([400, 'general.validation-failed']);
    expect(big.headers.get('cache-control')).toBe('no-store');
    expect((await ratingsOf('rated-b')).json.ratings.map((r: { feedback: string }) => r.feedback)).toEqual([
      'From the other business',
    ]);

    // Unpublished again: gone.
    expect((await a.owner.delete(`/account/public-ratings/${a.visitIds[2]}`)).status).toBe(200);
    expect((await ratingsOf('rated-a')).json.ratings.map((r: { feedback: string }) => r.feedback)).toEqual([
      'Spotless',
    ]);
  });

  it('answers an unknown portal as none', async () => {
    const unknown = await ratingsOf('no-such-portal');
    expect([unknown.status, unknown.json.code]).toEqual([404, 'portal.not-found']);
  });
});
