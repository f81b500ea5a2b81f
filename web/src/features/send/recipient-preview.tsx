import './strings.ts';
import {
  type Customers,
  customerMergeValues,
  escapeHtml,
  fillMergeFields,
  findMergeFields,
  type Jobs,
  type MergeValues,
  Payments,
  Send,
  type Templates,
  usesCustomerPage,
} from '@roundwise/core';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Field, inputClass } from '../../components/form';
import { businessToday } from '../../lib/dates';
import { useMe } from '../../lib/me';
import { usePaymentLinks } from '../../lib/payments/links';
import { useEntityList } from '../../lib/sync/hooks';

/**
 * The campaign as one chosen contact will get it: the subject, the SMS and the email with their
 * merge fields filled from that customer (the same `customerMergeValues` the publish uses), so a
 * `[name]` or `[balance]` is checked before anyone is sent it. Prompts (`[field=?]`) stay as
 * written: they are asked for when publishing.
 */
export function RecipientPreview({
  template,
  contacts,
  methods,
}: {
  template: Templates.Template;
  contacts: readonly Customers.Customer[];
  methods: readonly Send.DeliveryMethod[];
}) {
  const { t } = useTranslation();
  const me = useMe();
  const [chosen, setChosen] = useState<string>();
  const customer = contacts.find((c) => c._id === chosen) ?? contacts[0];
  const jobs = useEntityList<Jobs.Job>('job');
  const transactions = useEntityList<Payments.Transaction>('transaction');
  const sms = Send.smsTextOf(template);
  const html = template.html ?? '';
  const fields = findMergeFields(`${template.subject}\n${sms}\n${html}`);
  const links = usePaymentLinks(customer?._id ?? '', !!customer && usesCustomerPage(fields));
  const values = useMemo<MergeValues>(() => {
    if (!customer) return {};
    return {
      ...customerMergeValues(customer, {
        jobs: jobs.filter((j) => j.customerId === customer._id),
        balance: Payments.customerBalance(transactions.filter((x) => x.customerId === customer._id)),
        today: businessToday(),
        currency: me.account.settings.currency ?? 'GBP',
      }),
      ...(links.links ? { 'pay-link': links.links.account, 'portal-link': links.links.account } : {}),
    };
  }, [customer, jobs, transactions, me.account.settings.currency, links.links]);
  if (!customer) return null;
  return (
    <section className="flex flex-col gap-2" aria-label={t('send.preview')} data-testid="recipient-preview">
      <h2 className="font-medium">{t('send.preview')}</h2>
      <Field label={t('send.preview-for')}>
        <select className={inputClass} value={customer._id} onChange={(e) => setChosen(e.target.value)}>
          {contacts.map((c) => (
            <option key={c._id} value={c._id}>
              {c.name}
            </option>
          ))}
        </select>
      </Field>
      {methods.includes('Email') && (
        <>
          <p className="text-sm">
            <span className="text-muted-foreground">{t('send.preview-subject')}: </span>
            <span data-testid="preview-subject">{fillMergeFields(template.subject, values)}</span>
          </p>
          <iframe
            title={t('send.preview-email')}
            sandbox=""
            className="h-80 w-full rounded-md border bg-white"
            srcDoc={fillMergeFields(html, values, escapeHtml)}
          />
        </>
      )}
      {methods.includes('Sms') && (
        <p className="text-sm">
          <span className="text-muted-foreground">{t('send.preview-sms')}: </span>
          <span data-testid="preview-sms">{fillMergeFields(sms, values)}</span>
        </p>
      )}
    </section>
  );
}
