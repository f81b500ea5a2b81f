import './strings.ts';
import { type Balance, type Payments, Vat } from '@roundwise/core';
import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { buttonClass, Card } from '../../components/form';
import { Checkbox } from '../../components/ui/checkbox';
import { Label } from '../../components/ui/label';
import { businessToday } from '../../lib/dates';
import { errorText } from '../../lib/errors';
import { money } from '../../lib/format';
import { useEntity, useEntityList } from '../../lib/sync/hooks';
import { connectionQuery, obligationsQuery, useSubmitReturn } from './api/vat';

const yearBefore = (day: string) => `${Number(day.slice(0, 4)) - 1}${day.slice(4)}`;

/** The obligations of the last year to today, as HMRC lists them. */
function useObligations(enabled: boolean) {
  const today = businessToday();
  return useQuery({ ...obligationsQuery(yearBefore(today), today), enabled });
}

/** Whether the VAT pages can talk to HMRC: the VAT number set and authority granted. */
function useReady() {
  const settings = useEntity<Vat.VatSettings>('vatSettings', Vat.VAT_SETTINGS_ID);
  const connection = useQuery(connectionQuery);
  return {
    settings,
    ready: !!settings && connection.data?.connected === true,
    loading: connection.isPending,
  };
}

function NeedsSetup() {
  const { t } = useTranslation();
  return (
    <Card>
      <p>{t('vat.needs-setup')}</p>
      <Link to="/balance/$" params={{ _splat: 'vat-returns/setup' }} className="underline">
        {t('vat.nav.setup')}
      </Link>
    </Card>
  );
}

/** The nine boxes of a period, worked out on this device from the synced books (core's rules). */
function useBoxes(settings: Vat.VatSettings | undefined, period: { start: string; end: string } | undefined) {
  const books = useEntity<Balance.BalanceSettings>('balanceSettings', 'balance');
  const transactions = useEntityList<Payments.Transaction>('transaction');
  const expenses = useEntityList<BookExpense>('expense');
  const journals = useEntityList<Balance.JournalEntry>('journalEntry');
  const categories = useEntityList<{ _id: string; balanceLedgerId?: string }>('expenseCategory');
  return useMemo(() => {
    if (!settings || !period) return undefined;
    const pence = Vat.nineBoxesPence({ transactions, expenses, journals, categories }, period, {
      scheme: settings.scheme,
      flatRatePercent: settings.flatRatePercent,
      salesVatRate: books?.salesVatRate ?? 20,
    });
    return Vat.toHmrc(pence);
  }, [settings, period, books, transactions, expenses, journals, categories]);
}
type BookExpense = Parameters<typeof Vat.nineBoxesPence>[0]['expenses'][number];

const BOX_FIELDS: (keyof Vat.NineBoxes)[] = [
  'vatDueSales',
  'vatDueAcquisitions',
  'totalVatDue',
  'vatReclaimedCurrPeriod',
  'netVatDue',
  'totalValueSalesExVAT',
  'totalValuePurchasesExVAT',
  'totalValueGoodsSuppliedExVAT',
  'totalAcquisitionsExVAT',
];

/** The nine boxes as a table: pounds and pence for boxes 1 to 5, whole pounds for 6 to 9. */
export function BoxesTable({ boxes }: { boxes: Vat.NineBoxes }) {
  const { t, i18n } = useTranslation();
  return (
    <table className="w-full text-sm" data-testid="vat-boxes">
      <tbody>
        {BOX_FIELDS.map((field, i) => (
          <tr key={field} className="border-b">
            <th scope="row" className="py-1.5 text-left font-normal">
              {t(`vat.box.${i + 1}`)}
            </th>
            <td className="py-1.5 text-right tabular-nums" data-testid={`box-${i + 1}`}>
              {money(boxes[field], i18n.language)}
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

/** Where a period's return stands: on its way, submitted with HMRC's receipt, or refused. */
export function ReturnStatus({ ret }: { ret: Vat.VatReturn }) {
  const { t } = useTranslation();
  if (ret.status === 'submitting') return <p role="status">{t('vat.status.submitting')}</p>;
  if (ret.status === 'failed') return <p role="alert">{t('vat.status.failed', { error: ret.error })}</p>;
  return (
    <div role="status" data-testid="vat-receipt">
      <p className="font-medium">{t('vat.status.submitted')}</p>
      {ret.receipt ? (
        <p className="text-sm text-muted-foreground">
          {t('vat.receipt', {
            formBundleNumber: ret.receipt.formBundleNumber,
            receiptId: ret.receipt.receiptId ?? '-',
            date: ret.receipt.processingDate.slice(0, 10),
          })}
        </p>
      ) : (
        ret.found && <p className="text-sm text-muted-foreground">{t('vat.found')}</p>
      )}
    </div>
  );
}

/**
 * The VAT return: the open periods HMRC lists, the nine boxes of the one chosen worked out from the
 * books, the declaration, and the submission (sent once, whatever the network does: one key per
 * reviewed return); then its receipt as it arrives through sync.
 */
export function VatReturn() {
  const { t } = useTranslation();
  const { settings, ready, loading } = useReady();
  const obligations = useObligations(ready);
  const returns = useEntityList<Vat.VatReturn>('vatReturn');
  const [chosen, setChosen] = useState<Vat.Obligation>();
  const [declared, setDeclared] = useState(false);
  const [key, setKey] = useState(() => crypto.randomUUID());
  const boxes = useBoxes(settings, chosen);
  const submit = useSubmitReturn();
  if (loading) return null;
  if (!ready) return <NeedsSetup />;
  const open = (obligations.data?.obligations ?? []).filter((o) => o.status === 'O');
  const sent = chosen && returns.find((r) => r.periodKey === chosen.periodKey);
  return (
    <>
      <Card>
        <h2 className="text-lg font-semibold">{t('vat.open')}</h2>
        {obligations.error && <p role="alert">{errorText(t, obligations.error)}</p>}
        {obligations.data && open.length === 0 && <p>{t('vat.none-open')}</p>}
        <ul className="flex flex-col gap-2">
          {open.map((o) => (
            <li key={o.periodKey} className="flex items-center justify-between gap-3">
              <span>
                {t('vat.period', { start: o.start, end: o.end })} · {t('vat.due', { date: o.due })}
              </span>
              <button
                type="button"
                className={buttonClass}
                onClick={() => {
                  setChosen(o);
                  setDeclared(false);
                  setKey(crypto.randomUUID());
                }}
              >
                {t('vat.prepare')}
              </button>
            </li>
          ))}
        </ul>
      </Card>
      {chosen && boxes && (
        <Card>
          <h2 className="text-lg font-semibold">{t('vat.review')}</h2>
          <p className="text-sm text-muted-foreground">
            {t('vat.period', { start: chosen.start, end: chosen.end })}
          </p>
          <BoxesTable boxes={boxes} />
          {sent && sent.status !== 'failed' ? (
            <ReturnStatus ret={sent} />
          ) : (
            <>
              {sent && <ReturnStatus ret={sent} />}
              <div className="flex items-start gap-2">
                <Checkbox
                  id="vat-declaration"
                  checked={declared}
                  onCheckedChange={(v) => setDeclared(v === true)}
                />
                <Label htmlFor="vat-declaration" className="text-sm leading-snug">
                  {t('vat.declaration')}
                </Label>
              </div>
              {submit.error && <p role="alert">{errorText(t, submit.error)}</p>}
              <button
                type="button"
                className={buttonClass}
                disabled={!declared || submit.isPending}
                onClick={() =>
                  submit.mutate({
                    key,
                    periodKey: chosen.periodKey,
                    start: chosen.start,
                    end: chosen.end,
                    boxes,
                    finalised: true,
                  })
                }
              >
                {t('vat.submit')}
              </button>
            </>
          )}
        </Card>
      )}
    </>
  );
}

/** Every obligation of the last year, open and fulfilled. */
export function Obligations() {
  const { t } = useTranslation();
  const { ready, loading } = useReady();
  const obligations = useObligations(ready);
  if (loading) return null;
  if (!ready) return <NeedsSetup />;
  return (
    <Card>
      {obligations.error && <p role="alert">{errorText(t, obligations.error)}</p>}
      <ul className="flex flex-col gap-2" data-testid="vat-obligations">
        {(obligations.data?.obligations ?? []).map((o) => (
          <li key={o.periodKey} className="flex justify-between gap-3">
            <span>{t('vat.period', { start: o.start, end: o.end })}</span>
            <span>{t(`vat.status.${o.status}`)}</span>
          </li>
        ))}
      </ul>
    </Card>
  );
}
