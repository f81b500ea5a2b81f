import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Client, startTestApi } from '../test-harness.ts';

/**
 * One answer shape for every refusal, whichever sub-app gives it: `{ code, params }` with the
 * status its kind stands for (docs/server.md), the one shape the web's client reads.
 */

let api: Awaited<ReturnType<typeof startTestApi>>;
let owner: Client;
let accountId: string;

beforeAll(async () => {
  api = await startTestApi('dynalite');
  owner = api.client();
  accountId = (await owner.signup('answers@example.com', 'Answer Rounds')).json.account.accountId;
}, 60_000);
afterAll(() => api.stop());

describe('refusals', () => {
  it.each([
    [
      'a message that is not there',
      '/notifications/get/01JNOTAMESSAGE0000000000',
      'customers.unable-to-view-deleted',
    ],
    ['a bundled picture that is not there', '/photos/local/no-such-picture.png', 'general.not-found'],
    ['a path no sub-app has', '/no-such-area/anything', 'general.not-found'],
  ])('%s is 404 { code, params }', async (_, path, code) => {
    const res = await owner.get(path);
    expect([res.status, res.json]).toEqual([404, { code, params: {} }]);
  });

  it('a library image that is not there is 404 { code, params }, with no session', async () => {
    const res = await api.client().get(`/go/img/${accountId}/01JNOTANATTACHMENT00000000`);
    expect([res.status, res.json]).toEqual([404, { code: 'attachment.not-found', params: {} }]);
  });
});

describe('sub-apps under their file names', () => {
  it('answers at the spec paths: /customer, /environment-settings, /notification_status_for_transaction', async () => {
    const credits = await owner.get('/customer/squeegee-credits');
    expect([credits.status, typeof credits.json.squeegeeCredits]).toEqual([200, 'number']);
    const pricing = await owner.get('/customer/squeegee-credit-pricing?quantity=100');
    expect([pricing.status, pricing.json.quantity]).toEqual([200, 100]);
    const charge = await owner.get('/environment-settings/inboundEmailCreditsCharge');
    expect(charge.json).toEqual({ inboundEmailCreditsCharge: expect.any(Number) });
    const status = await owner.get('/notification_status_for_transaction/01JNOTATRANSACTION000000');
    expect(status.json).toEqual({ success: true, data: { sms: null, email: null } });
  });

  it('counts unread messages of the account and of one customer', async () => {
    expect((await owner.get('/notifications/unread_count')).json).toEqual({ count: 0 });
    expect((await owner.get(`/notifications/unread_count/${accountId}`)).json).toEqual({ count: 0 });
    expect((await owner.get('/notifications/unread_count/cust00001')).json).toEqual({ count: 0 });
  });
});
