import './strings.ts';
import { Quotes } from '@roundwise/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { buttonClass, Field, inputClass, secondaryButtonClass } from '../../components/form';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '../../components/ui/dialog';
import { useCommand } from '../../lib/commands/use-command';
import { errorText } from '../../lib/errors';
import { toast } from '../../lib/toast';
import { useResetOnOpen } from '../../lib/use-reset-on-open';
import { DEFAULT_EMAIL_TEMPLATE, DEFAULT_SMS_TEMPLATE } from './quote-message';

type Fields = Omit<Quotes.QuoteSettings, '_id' | 'nextNumber'>;

/**
 * Quote settings (spec 000 section 3): the contact details the customer's page shows, default
 * expiry days and notes, the number prefix, the SMS and email templates, and the business's time
 * zone (a quote expires at the end of its expiry day there; set from this device's zone).
 */
export function QuoteSettingsDialog({
  open,
  onOpenChange,
  settings,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  settings: Quotes.QuoteSettings;
}) {
  const { t } = useTranslation();
  const save = useCommand(Quotes.updateSettings);
  const [f, setF] = useState<Fields>(settings);
  const [days, setDays] = useState(String(settings.defaultExpiryDays));
  const [problem, setProblem] = useState<string>();
  useResetOnOpen(open, () => {
    const { _id, nextNumber, ...fields } = settings;
    setF({ ...fields, timeZone: Intl.DateTimeFormat().resolvedOptions().timeZone || fields.timeZone });
    setDays(String(settings.defaultExpiryDays));
    setProblem(undefined);
  });
  const text = (key: keyof Fields, label: string, multiline = false, placeholder?: string) => (
    <Field label={label}>
      {multiline ? (
        <textarea
          rows={4}
          className={`${inputClass} h-auto py-2`}
          placeholder={placeholder}
          value={String(f[key] ?? '')}
          onChange={(e) => setF({ ...f, [key]: e.target.value })}
        />
      ) : (
        <input
          className={inputClass}
          value={String(f[key] ?? '')}
          onChange={(e) => setF({ ...f, [key]: e.target.value })}
        />
      )}
    </Field>
  );
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="max-h-[92dvh] overflow-y-auto sm:max-w-2xl">
        <DialogHeader>
          <DialogTitle>{t('quotes.settings')}</DialogTitle>
          <DialogDescription>{t('quotes.settings-description')}</DialogDescription>
        </DialogHeader>
        <form
          noValidate
          className="flex flex-col gap-3"
          onSubmit={(e) => {
            e.preventDefault();
            const parsed = Quotes.QuoteSettingsFields.safeParse({ ...f, defaultExpiryDays: Number(days) });
            if (!parsed.success) {
              const first = parsed.error.issues[0]?.message ?? '';
              setProblem(/^[a-z-]+(\.[a-z0-9-]+)+$/.test(first) ? first : 'general.validation-failed');
              return;
            }
            save.mutate(parsed.data, { onError: (err) => toast.error(errorText(t, err)) });
            toast.success(t('quotes.settings-saved'));
            onOpenChange(false);
          }}
        >
          <div className="grid gap-3 sm:grid-cols-3">
            {text('email', t('quotes.settings-email'))}
            {text('phone', t('quotes.settings-phone'))}
            {text('website', t('quotes.settings-website'))}
            <Field label={t('quotes.settings-expiry-days')}>
              <input
                className={inputClass}
                inputMode="numeric"
                value={days}
                onChange={(e) => setDays(e.target.value)}
              />
            </Field>
            {text('quotePrefix', t('quotes.settings-prefix'))}
            {text('timeZone', t('quotes.settings-time-zone'))}
          </div>
          {text('defaultNotes', t('quotes.settings-default-notes'), true)}
          {text('emailTemplate', t('quotes.settings-email-template'), true, DEFAULT_EMAIL_TEMPLATE)}
          {text('smsTemplate', t('quotes.settings-sms-template'), true, DEFAULT_SMS_TEMPLATE)}
          <p className="text-xs text-muted-foreground">{t('quotes.settings-template-fields')}</p>
          {problem && (
            <p role="alert" className="text-sm text-destructive">
              {t(problem)}
            </p>
          )}
          <DialogFooter>
            <button type="button" className={secondaryButtonClass} onClick={() => onOpenChange(false)}>
              {t('general.cancel')}
            </button>
            <button type="submit" className={buttonClass}>
              {t('general.save')}
            </button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
