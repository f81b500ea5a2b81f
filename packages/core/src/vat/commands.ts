import { z } from 'zod';
import { routeByName } from '../access/routes.ts';
import { type BalanceSettings, SETTINGS_ID } from '../balance/schema.ts';
import { defineCommand } from '../commands/define.ts';
import { IsoDate } from '../entity.ts';
import { conflict, validation } from '../errors.ts';
import { boxesError } from './boxes.ts';
import {
  NineBoxes,
  PeriodKey,
  returnIdOf,
  VAT_SETTINGS_ID,
  type VatReturn,
  type VatSettings,
  VatSettingsFields,
} from './schema.ts';

/** VAT is part of the books (`balance/*`: Ultimate, the balance feature), kept by the Owner and Admin. */
const access = { ...routeByName('balance'), roles: ['Owner', 'Admin'] } as const;

/** The durable effect that sends a return to HMRC (functions/src/vat/submit.ts). */
export const SUBMIT_RETURN = 'vat.submit-return';

/** The VAT number and scheme; connecting to HMRC itself is the server's (OAuth, `/api/vat/oauth`). */
export const setupVat = defineCommand({
  name: 'vat.setup',
  input: VatSettingsFields,
  access,
  async run(ctx, fields) {
    const current = await ctx.store.get<VatSettings>('vatSettings', VAT_SETTINGS_ID);
    return ctx.store.put<VatSettings>('vatSettings', {
      ...current,
      vrn: fields.vrn,
      scheme: fields.scheme,
      ...(fields.scheme === 'flat-rate' ? { flatRatePercent: fields.flatRatePercent } : {}),
      _id: VAT_SETTINGS_ID,
    });
  },
});

/**
 * A reviewed return, declared final (`finalised`, as HMRC requires), for one open period. Its
 * boxes must pass HMRC's cross-checks. The return is recorded as `submitting` and the sending is
 * an outbox effect written in the same commit, so a crash never sends it twice and never loses
 * it; a period already in (or on its way) is refused. `fraudHeaders` are put in by the server
 * (`POST /api/vat/returns`): the browser's values and what the server saw of the request.
 */
export const submitReturn = defineCommand({
  name: 'vat.submit-return',
  input: z.object({
    periodKey: PeriodKey,
    start: IsoDate,
    end: IsoDate,
    boxes: NineBoxes,
    finalised: z.literal(true, { message: 'vat.not-finalised' }),
    fraudHeaders: z.record(z.string().max(100), z.string().max(2000)).default({}),
  }),
  access,
  async run(ctx, { periodKey, start, end, boxes, fraudHeaders }) {
    const books = await ctx.store.get<BalanceSettings>('balanceSettings', SETTINGS_ID);
    if (!books?.setupComplete) throw validation('balance.not-set-up');
    const settings = await ctx.store.get<VatSettings>('vatSettings', VAT_SETTINGS_ID);
    if (!settings) throw validation('vat.not-set-up');
    const error = boxesError(boxes);
    if (error) throw validation(error);
    if (end < start) throw validation('vat.period-invalid');
    const id = returnIdOf(periodKey);
    const previous = await ctx.store.get<VatReturn>('vatReturn', id);
    if (previous && previous.status !== 'failed') throw conflict('vat.already-submitted', { periodKey });
    const record = await ctx.store.put<VatReturn>('vatReturn', {
      _id: id,
      periodKey,
      start,
      end,
      boxes,
      status: 'submitting',
      submittedAt: ctx.now.toISOString(),
      submittedBy: ctx.actor.userId,
      attempt: (previous?.attempt ?? 0) + 1,
    });
    ctx.emit({
      type: SUBMIT_RETURN,
      payload: {
        accountId: ctx.actor.accountId,
        returnId: id,
        attempt: record.attempt,
        vrn: settings.vrn,
        fraudHeaders,
      },
    });
    return record;
  },
});
