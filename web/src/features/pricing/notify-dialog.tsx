import './strings.ts';
import { Pricing } from '@roundwise/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Field, inputClass } from '../../components/form';
import { Button } from '../../components/ui/button';
import { Checkbox } from '../../components/ui/checkbox';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '../../components/ui/dialog';
import { Textarea } from '../../components/ui/textarea';
import { useCommand } from '../../lib/commands/use-command';
import { businessToday } from '../../lib/dates';
import { errorText } from '../../lib/errors';
import { toast } from '../../lib/toast';

type Method = 'Email' | 'SMS';

/**
 * Notify (spec 002 section 4): the customers of the affected jobs by email, SMS or both, through
 * the messaging pipeline. The texts start from the default wording and take the price fields
 * (`[old-price]`, `[new-price]`, `[price-change-date]`) beside the customer's (`[first-name]`...).
 * The server says who was sent what; the dialog waits for it.
 */
export function NotifyDialog({
  change,
  open,
  onOpenChange,
}: {
  change: Pricing.PriceChange;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const { t } = useTranslation();
  const notify = useCommand(Pricing.notify);
  const [methods, setMethods] = useState<Method[]>(['Email', 'SMS']);
  const [subject, setSubject] = useState(Pricing.DEFAULT_TEXTS.subject);
  const [email, setEmail] = useState(Pricing.DEFAULT_TEXTS.email);
  const [sms, setSms] = useState(Pricing.DEFAULT_TEXTS.sms);
  const [sending, setSending] = useState(false);
  const toggle = (m: Method, on: boolean) =>
    setMethods((list) => (on ? [...list, m] : list.filter((x) => x !== m)));
  const send = async () => {
    setSending(true);
    try {
      const answer = await notify.mutateAsync({
        _id: change._id,
        methods,
        subject,
        email,
        sms,
        today: businessToday(),
      });
      const { email: mails, sms: texts } = answer.result;
      toast.success(
        t(
          mails && texts
            ? 'price-change.notified'
            : mails
              ? 'price-change.notified-email'
              : 'price-change.notified-sms',
          {
            email: mails,
            sms: texts,
          },
        ),
      );
      onOpenChange(false);
    } catch (error) {
      toast.error(`${t('price-change.notify-failed')} ${errorText(t, error)}`);
    } finally {
      setSending(false);
    }
  };
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="max-h-[90dvh] overflow-y-auto sm:max-w-lg">
        <DialogHeader>
          <DialogTitle>{t('pricing.notify-title')}</DialogTitle>
          <DialogDescription>{t('pricing.notify-help')}</DialogDescription>
        </DialogHeader>
        <fieldset className="flex gap-4 text-sm">
          <legend className="sr-only">{t('pricing.notify-methods')}</legend>
          {(['Email', 'SMS'] as const).map((m) => (
            // biome-ignore lint/a11y/noLabelWithoutControl: the checkbox is the child
            <label key={m} className="flex items-center gap-2">
              <Checkbox checked={methods.includes(m)} onCheckedChange={(on) => toggle(m, on === true)} />
              {t(m === 'Email' ? 'pricing.by-email' : 'pricing.by-sms')}
            </label>
          ))}
        </fieldset>
        {methods.includes('Email') && (
          <>
            <Field label={t('pricing.notify-subject')}>
              <input
                className={inputClass}
                value={subject}
                maxLength={300}
                onChange={(e) => setSubject(e.target.value)}
              />
            </Field>
            <Field label={t('pricing.notify-email')}>
              <Textarea
                rows={6}
                value={email}
                maxLength={10_000}
                onChange={(e) => setEmail(e.target.value)}
              />
            </Field>
          </>
        )}
        {methods.includes('SMS') && (
          <Field label={t('pricing.notify-sms')}>
            <Textarea rows={3} value={sms} maxLength={1000} onChange={(e) => setSms(e.target.value)} />
          </Field>
        )}
        <DialogFooter>
          <Button type="button" variant="outline" onClick={() => onOpenChange(false)}>
            {t('general.cancel')}
          </Button>
          <Button type="button" disabled={sending || methods.length === 0} onClick={() => void send()}>
            {t('pricing.notify-send')}
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
