import { Vat } from '@roundwise/core';
import type { DynamoStore } from '@roundwise/db';
import { readAccount, writeAccount } from '../commands/write-account.ts';
import type { Deps } from '../context.ts';
import type { EffectHandler } from '../define-area.ts';
import { accessToken, hmrcOf } from './connection.ts';
import type { HmrcAnswer } from './hmrc.ts';

type Payload = {
  accountId: string;
  returnId: string;
  attempt: number;
  vrn: string;
  fraudHeaders: Record<string, string>;
};

type Outcome =
  | { status: 'submitted'; receipt?: Vat.Receipt; found?: boolean }
  | { status: 'failed'; error: string };

/** Writes HMRC's outcome on the return, if it is still the submission this effect is for. */
function settle(s: Deps, p: Payload, outcome: Outcome) {
  return writeAccount(
    s,
    p.accountId,
    async (store: DynamoStore) => {
      const current = await store.get<Vat.VatReturn>('vatReturn', p.returnId);
      if (current?.status !== 'submitting' || current.attempt !== p.attempt) return { result: undefined };
      const { _version, _updatedAt, ...fields } = current;
      await store.put<Vat.VatReturn>('vatReturn', {
        ...fields,
        status: outcome.status,
        ...(outcome.status === 'submitted'
          ? {
              ...(outcome.receipt ? { receipt: outcome.receipt } : {}),
              ...(outcome.found ? { found: true } : {}),
            }
          : { error: outcome.error }),
      });
      return { result: undefined };
    },
    { attempts: 4 },
  );
}

const receiptOf = (a: HmrcAnswer): Vat.Receipt => ({
  processingDate: String(a.body.processingDate ?? ''),
  formBundleNumber: String(a.body.formBundleNumber ?? ''),
  ...(a.receiptId ? { receiptId: a.receiptId } : {}),
  ...(a.body.paymentIndicator ? { paymentIndicator: String(a.body.paymentIndicator) } : {}),
  ...(a.body.chargeRefNumber ? { chargeRefNumber: String(a.body.chargeRefNumber) } : {}),
});

/** HMRC's 5xx or no answer: not known whether the return went in; the next delivery looks first. */
class Unknown extends Error {}

/**
 * Sends a return to HMRC, once. The outbox counts each delivery's claim before the handler runs,
 * so a delivery that is not the first knows an earlier one may have reached HMRC (it timed out, got
 * a 5xx, or its process died after sending): it asks HMRC for the period's return first (GET) and
 * sends only when HMRC has none. A `DUPLICATE_SUBMISSION` answer (HMRC took an earlier send and
 * then answered 500: vat-api #697) is checked the same way and counts as submitted. Any other
 * refusal (4xx) fails the return with HMRC's code; a 5xx or a timeout throws, and the queue tries
 * again later.
 */
export async function submitReturnEffect(s: Deps, attempts: number, p: Payload): Promise<void> {
  const ret = await readAccount(s, p.accountId).get<Vat.VatReturn>('vatReturn', p.returnId);
  if (ret?.status !== 'submitting' || ret.attempt !== p.attempt) return;
  // Headers HMRC would find invalid (a call that did not come through `POST /api/vat/returns`,
  // which adds them) are never sent: the return fails, and may be submitted again from the page.
  if (Vat.validateFraudHeaders(p.fraudHeaders).code === 'INVALID_HEADERS') {
    return settle(s, p, { status: 'failed', error: 'INVALID_FRAUD_HEADERS' });
  }
  let token: string;
  try {
    token = await accessToken(s, p.accountId);
  } catch (error) {
    if ((error as { code?: string }).code === 'vat.not-connected')
      return settle(s, p, { status: 'failed', error: 'NOT_CONNECTED' });
    throw error;
  }
  const hmrc = hmrcOf(s);
  const lookUp = async () => {
    const found = await hmrc.getReturn(token, p.vrn, ret.periodKey, p.fraudHeaders);
    if (found.status >= 500) throw new Unknown(`HMRC answered ${found.status} to the look-up`);
    return found.status === 200;
  };
  if (attempts > 1 && (await lookUp())) return settle(s, p, { status: 'submitted', found: true });

  let answer: HmrcAnswer;
  try {
    answer = await hmrc.submit(
      token,
      p.vrn,
      { periodKey: ret.periodKey, ...ret.boxes, finalised: true },
      p.fraudHeaders,
    );
  } catch (error) {
    throw new Unknown(`No answer from HMRC: ${(error as Error).message}`);
  }
  if (answer.status === 201 || answer.status === 200) {
    return settle(s, p, { status: 'submitted', receipt: receiptOf(answer) });
  }
  if (answer.status >= 500) throw new Unknown(`HMRC answered ${answer.status}`);
  const code = String(answer.body.code ?? `HTTP_${answer.status}`);
  if (code === 'DUPLICATE_SUBMISSION' && (await lookUp())) {
    return settle(s, p, { status: 'submitted', found: true });
  }
  return settle(s, p, { status: 'failed', error: code });
}

export function submitReturn(...[s, effect]: Parameters<EffectHandler>): Promise<void> {
  return submitReturnEffect(s, effect.attempts, effect.payload as Payload);
}
