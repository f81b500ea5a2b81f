import './strings.ts';
import { type Customers, type Me, Notifications, newId } from '@roundwise/core';
import { type FormEvent, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Field, inputClass } from '../../components/form';
import { Button } from '../../components/ui/button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '../../components/ui/dialog';
import { toast } from '../../lib/toast';
import { cn } from '../../lib/utils';
import { useSendMessage } from './api/send-message';
import { runBulk } from './bulk-send';
import { channelsOf, draftError, MessageForm } from './message-form';

/**
 * The send dialog the inbox's new-message button opens once customers are chosen: the message
 * form for one customer, bulk email for several (spec 000 section 4).
 */
export function SendMessageDialog({
  me,
  customers,
  onClose,
}: {
  me: Me;
  customers: readonly Customers.Customer[];
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const one = customers.length === 1 ? customers[0] : undefined;
  return (
    <Dialog open={customers.length > 0} onOpenChange={(open) => !open && onClose()}>
      <DialogContent className="max-h-[90dvh] max-w-xl overflow-y-auto">
        <DialogHeader>
          <DialogTitle>
            {one ? t('messages.send-to', { name: one.name }) : t('messages.bulk-title')}
          </DialogTitle>
          <DialogDescription>
            {one
              ? one.address.addressDescription
              : t('messages.bulk-description', { count: customers.length })}
          </DialogDescription>
        </DialogHeader>
        {one ? (
          channelsOf(one).length === 0 ? (
            <p role="alert" className="text-sm text-destructive">
              {t('messages.no-contact-methods')}
            </p>
          ) : (
            <MessageForm me={me} customer={one} channels={channelsOf(one)} onSent={onClose} />
          )
        ) : (
          <BulkEmailForm me={me} customers={customers} onClose={onClose} />
        )}
      </DialogContent>
    </Dialog>
  );
}

type Progress = { sent: number; total: number };

/**
 * Bulk email: one email per chosen customer who may be emailed (the others are skipped; none is
 * `notification.no-customers-with-email-selected`), sent one by one with a progress of sent of
 * total; the interface gets a turn every 250 sends; a customer's failure asks whether to carry
 * on; Cancel stops and says how many went.
 */
function BulkEmailForm({
  me,
  customers,
  onClose,
}: {
  me: Me;
  customers: readonly Customers.Customer[];
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const send = useSendMessage();
  const [subject, setSubject] = useState('');
  const [content, setContent] = useState('');
  const [error, setError] = useState<{ key: string; params?: Record<string, string> }>();
  const [progress, setProgress] = useState<Progress>();
  const [question, setQuestion] = useState<{ name: string; answer: (go: boolean) => void }>();
  const cancelled = useRef(false);
  // Those who may be emailed (the server's rule): the others are skipped.
  const withEmail = customers.filter((c) => channelsOf(c).includes('Email'));

  const start = async (e: FormEvent) => {
    e.preventDefault();
    if (withEmail.length === 0) {
      setError({ key: 'notification.no-customers-with-email-selected' });
      return;
    }
    const problem = draftError(me, withEmail[0]!, 'Email', content);
    if (problem) {
      setError(problem);
      return;
    }
    cancelled.current = false;
    setProgress({ sent: 0, total: withEmail.length });
    const outcome = await runBulk({
      recipients: withEmail,
      send: async (customer) => {
        await send.mutateAsync({
          _id: newId(),
          customerId: customer._id,
          type: 'Email',
          address: customer.email,
          content: content.trim(),
          ...(subject.trim() ? { subject: subject.trim() } : {}),
        });
        setProgress((p) => p && { ...p, sent: p.sent + 1 });
      },
      onProgress: (sent, total) => setProgress({ sent, total }),
      askContinue: (customer) =>
        new Promise<boolean>((answer) => setQuestion({ name: customer.name, answer })),
      cancelled: () => cancelled.current,
    });
    if (outcome.end === 'cancelled')
      toast.success(
        t('notification.bulk-message-cancelled', {
          sent: String(outcome.sent),
          total: String(outcome.total),
        }),
      );
    else toast.success(t('messages.bulk-done', { sent: String(outcome.sent), total: String(outcome.total) }));
    onClose();
  };

  if (progress)
    return (
      <div className="flex flex-col gap-3" data-testid="bulk-progress">
        <p role="status" aria-live="polite">
          {t('messages.bulk-progress', { sent: String(progress.sent), total: String(progress.total) })}
        </p>
        <progress className="w-full" max={progress.total} value={progress.sent} />
        {question ? (
          <div
            role="alertdialog"
            aria-label={t('messages.bulk-title')}
            className="flex flex-col gap-2 rounded-md border p-3"
          >
            <p>{t('notification.bulk-message-failed-continue', { name: question.name })}</p>
            <div className="flex justify-end gap-2">
              <Button
                variant="outline"
                onClick={() => {
                  question.answer(false);
                  setQuestion(undefined);
                }}
              >
                {t('messages.bulk-stop')}
              </Button>
              <Button
                onClick={() => {
                  question.answer(true);
                  setQuestion(undefined);
                }}
              >
                {t('messages.bulk-continue')}
              </Button>
            </div>
          </div>
        ) : (
          <DialogFooter>
            <Button variant="outline" onClick={() => (cancelled.current = true)}>
              {t('general.cancel')}
            </Button>
          </DialogFooter>
        )}
      </div>
    );

  return (
    <form className="flex flex-col gap-3" onSubmit={start}>
      <p className="text-sm text-muted-foreground">
        {t('messages.bulk-recipients', { count: withEmail.length, total: customers.length })}
      </p>
      <Field label={t('messages.subject')}>
        <input
          className={inputClass}
          value={subject}
          maxLength={300}
          onChange={(e) => setSubject(e.target.value)}
        />
      </Field>
      <Field label={t('messages.content')}>
        <textarea
          className={cn(inputClass, 'h-32 py-2')}
          value={content}
          maxLength={10000}
          onChange={(e) => {
            setContent(e.target.value);
            setError(undefined);
          }}
        />
      </Field>
      {error && (
        <p role="alert" className="text-sm text-destructive">
          {t(error.key, error.params)}
        </p>
      )}
      <p className="text-xs text-muted-foreground">
        {t('messages.bulk-cost', {
          count: withEmail.length,
          credits: String(withEmail.length * Notifications.creditsFor('Email', content)),
        })}
      </p>
      <DialogFooter>
        <Button type="button" variant="outline" onClick={onClose}>
          {t('general.cancel')}
        </Button>
        <Button type="submit">{t('messages.bulk-send', { count: withEmail.length })}</Button>
      </DialogFooter>
    </form>
  );
}
