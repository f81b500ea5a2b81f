import './strings.ts';
import {
  type Customers,
  customerMergeValues,
  type Jobs,
  Payments,
  Pricing,
  type Templates,
} from '@roundwise/core';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Field, inputClass } from '../../components/form';
import { businessToday } from '../../lib/dates';
import { useMe } from '../../lib/me';
import { useEntityList } from '../../lib/sync/hooks';
import { dayOf } from './use-preview';

/** Customers offered to preview for: enough to check a few, not a select of thousands. */
const SHOWN = 100;

/**
 * The notice as one customer of the change will get it: the template's subject, HTML and SMS with
 * their price fields and merge fields filled by the same core functions the Notify command uses
 * (`Pricing.noticeTexts`, `fillNotice`, `priceValues`), so what is checked here is what is sent.
 * Blanks not yet answered stay as written; the link fields are filled only as a message is sent.
 */
export function NoticePreview({
  change,
  template,
  answers,
  prompts,
  jobs,
  methods,
}: {
  change: Pricing.PriceChange;
  template: Templates.Template;
  answers: Readonly<Record<string, string>>;
  prompts: readonly string[];
  jobs: readonly Pricing.PreviewJob[];
  methods: readonly ('Email' | 'SMS')[];
}) {
  const { t } = useTranslation();
  const me = useMe();
  const currency = me.account.settings.currency ?? 'GBP';
  const customers = useEntityList<Customers.Customer>('customer');
  const allJobs = useEntityList<Jobs.Job>('job');
  const transactions = useEntityList<Payments.Transaction>('transaction');
  // The customers told, each once, in the order of their first job.
  const told = useMemo(() => {
    const byId = new Map(customers.map((c) => [c._id, c]));
    const seen = new Map<string, { customer: Customers.Customer; old: number[]; new: number[] }>();
    for (const j of jobs) {
      const customer = byId.get(j.customerId);
      if (!customer || j.oldPrice === j.newPrice) continue;
      const entry = seen.get(customer._id) ?? { customer, old: [], new: [] };
      entry.old.push(j.oldPrice);
      entry.new.push(j.newPrice);
      seen.set(customer._id, entry);
    }
    return [...seen.values()];
  }, [customers, jobs]);
  const [chosen, setChosen] = useState<string>();
  const entry = told.find((e) => e.customer._id === chosen) ?? told[0];
  const made = useMemo(() => {
    if (!entry) return undefined;
    const today = businessToday();
    const effective = Pricing.later(dayOf(change.plannedDate), today);
    const ddDate = Pricing.addWorkingDays(today, Pricing.BACS_NOTICE_WORKING_DAYS);
    const date = Pricing.paysByDirectDebit(entry.customer) && ddDate > effective ? ddDate : effective;
    const open = Object.fromEntries(prompts.map((p) => [p, answers[p]?.trim() || `[${p}=?]`]));
    const values = customerMergeValues(entry.customer, {
      jobs: allJobs.filter((j) => j.customerId === entry.customer._id),
      balance: Payments.customerBalance(transactions.filter((x) => x.customerId === entry.customer._id)),
      today,
      currency,
    });
    return Pricing.fillNotice(
      Pricing.noticeTexts(template, open),
      Pricing.priceValues(entry, date, currency),
      values,
    );
  }, [entry, change.plannedDate, prompts, answers, allJobs, transactions, currency, template]);
  if (!entry || !made) return <p className="text-sm">{t('pricing.notify-nobody')}</p>;
  return (
    <section className="flex flex-col gap-2" aria-label={t('pricing.notify-preview')}>
      <h3 className="font-medium">{t('pricing.notify-preview')}</h3>
      <Field label={t('pricing.notify-preview-for')}>
        <select className={inputClass} value={entry.customer._id} onChange={(e) => setChosen(e.target.value)}>
          {told.slice(0, SHOWN).map((e) => (
            <option key={e.customer._id} value={e.customer._id}>
              {e.customer.name}
            </option>
          ))}
        </select>
      </Field>
      {methods.includes('Email') && (
        <>
          <p className="text-sm">
            <span className="text-muted-foreground">{t('pricing.notify-subject')}: </span>
            <span data-testid="notice-subject">{made.subject}</span>
          </p>
          <iframe
            title={t('pricing.notify-email')}
            sandbox=""
            className="h-72 w-full rounded-md border bg-white"
            srcDoc={made.html}
          />
        </>
      )}
      {methods.includes('SMS') && (
        <p className="text-sm">
          <span className="text-muted-foreground">{t('pricing.notify-sms')}: </span>
          <span data-testid="notice-sms">{made.sms}</span>
        </p>
      )}
    </section>
  );
}
