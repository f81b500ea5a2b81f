import './strings.ts';
import { findTokens, Pricing, Send, type Templates } from '@roundwise/core';
import { Link } from '@tanstack/react-router';
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
import { useCommand } from '../../lib/commands/use-command';
import { businessToday } from '../../lib/dates';
import { errorText } from '../../lib/errors';
import { useEntityList } from '../../lib/sync/hooks';
import { toast } from '../../lib/toast';
import { NoticePreview } from './notice-preview';

type Method = 'Email' | 'SMS';

/**
 * Notify (spec 002 section 4): the customers of the affected jobs by email, SMS or both, through
 * the messaging templates: the user picks one of the business's templates (its subject and HTML
 * are the email, its SMS text the SMS), answers its `[field=?]` blanks, and sees it as a chosen
 * customer will get it, `[old-price]`, `[new-price]` and `[price-change-date]` filled. The server
 * says who was sent what; the dialog waits for it.
 */
export function NotifyDialog({
  change,
  jobs,
  open,
  onOpenChange,
}: {
  change: Pricing.PriceChange;
  /** The jobs the notice is about: the applied ones once applied, else the preview's. */
  jobs: readonly Pricing.PreviewJob[];
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const { t } = useTranslation();
  const notify = useCommand(Pricing.notify);
  const templates = useEntityList<Templates.Template>('template');
  const [templateId, setTemplateId] = useState('');
  const [answers, setAnswers] = useState<Record<string, string>>({});
  const [methods, setMethods] = useState<Method[]>(['Email', 'SMS']);
  const [sending, setSending] = useState(false);
  const template = templates.find((x) => x._id === templateId);
  const prompts = template
    ? findTokens(`${template.subject}\n${Send.smsTextOf(template)}\n${template.html}`)
    : [];
  const answered = prompts.every((p) => answers[p]?.trim());
  const toggle = (m: Method, on: boolean) =>
    setMethods((list) => (on ? [...list, m] : list.filter((x) => x !== m)));
  const send = async () => {
    setSending(true);
    try {
      const answer = await notify.mutateAsync({
        _id: change._id,
        methods,
        templateId,
        answers: Object.fromEntries(prompts.map((p) => [p, answers[p]!.trim()])),
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
          { email: mails, sms: texts },
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
      <DialogContent className="max-h-[90dvh] overflow-y-auto sm:max-w-2xl">
        <DialogHeader>
          <DialogTitle>{t('pricing.notify-title')}</DialogTitle>
          <DialogDescription>{t('pricing.notify-help')}</DialogDescription>
        </DialogHeader>
        {templates.length === 0 ? (
          <p className="text-sm">
            {t('pricing.notify-no-templates')}{' '}
            <Link to="/send/templates/create" className="font-medium text-primary hover:underline">
              {t('pricing.notify-create-template')}
            </Link>
          </p>
        ) : (
          <Field label={t('pricing.notify-template')}>
            <select className={inputClass} value={templateId} onChange={(e) => setTemplateId(e.target.value)}>
              <option value="">{t('pricing.notify-choose-template')}</option>
              {templates.map((x) => (
                <option key={x._id} value={x._id}>
                  {x.name}
                </option>
              ))}
            </select>
          </Field>
        )}
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
        {prompts.map((p) => (
          <Field key={p} label={p}>
            <input
              className={inputClass}
              value={answers[p] ?? ''}
              maxLength={500}
              onChange={(e) => setAnswers({ ...answers, [p]: e.target.value })}
            />
          </Field>
        ))}
        {template && (
          <NoticePreview
            change={change}
            template={template}
            answers={answers}
            prompts={prompts}
            jobs={jobs}
            methods={methods}
          />
        )}
        <DialogFooter>
          <Button type="button" variant="outline" onClick={() => onOpenChange(false)}>
            {t('general.cancel')}
          </Button>
          <Button
            type="button"
            disabled={sending || methods.length === 0 || !template || !answered}
            onClick={() => void send()}
          >
            {t('pricing.notify-send')}
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
