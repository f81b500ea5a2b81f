import './strings.ts';
import {
  type Customers,
  fillMergeFields,
  findMergeFields,
  findTokens,
  MERGE_FIELDS,
  type Me,
  Notifications,
  replaceTokens,
  usesCustomerPage,
} from '@roundwise/core';
import { Clock, MessageSquareText, Send } from 'lucide-react';
import { type KeyboardEvent, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DateField } from '../../components/date-field';
import { inputClass } from '../../components/form';
import { TokenPrompt } from '../../components/token-prompt';
import { Button } from '../../components/ui/button';
import { businessToday } from '../../lib/dates';
import { errorText } from '../../lib/errors';
import { useCustomerMergeValues } from '../../lib/merge-values';
import { toast } from '../../lib/toast';
import { useMediaQuery } from '../../lib/use-media-query';
import { cn } from '../../lib/utils';
import { useSendMessage } from './api/send-message';
import { CannedResponsePicker } from './canned-response-picker';

export type Channel = Notifications.Channel;

/** The merge fields a message to one customer offers (the quote's are its mail's alone). */
const MESSAGE_FIELDS = MERGE_FIELDS.filter(
  (f) => f !== 'quote-number' && f !== 'quote-link' && f !== 'rating-link',
);

/** The ways a customer can be messaged: the same rule the server holds to (`Notifications.channelsOf`). */
export const channelsOf = (customer: Customers.Customer): Channel[] => Notifications.channelsOf(customer);

/** The first rule of spec 000 section 5 the message breaks: its key and parameters. */
export function draftError(
  me: Me,
  customer: Customers.Customer,
  type: Channel,
  content: string,
): { key: string; params?: Record<string, string> } | undefined {
  if (!content.trim()) return { key: 'validation.description-required' };
  if (!me.user.emailVerified) return { key: 'notification.account-email-not-verified-message-sending' };
  const prefixes = Notifications.smsPrefixes(me.account.settings.smsMobilePhonePrefixes);
  const compact = Notifications.smsNumberOf(customer).replace(/[\s()-]/g, '');
  if (type === 'SMS' && prefixes.length > 0 && !prefixes.some((p) => compact.startsWith(p)))
    return { key: 'notification.account-sms-prefix-not-allowed', params: { prefixes: prefixes.join(', ') } };
  return undefined;
}

/**
 * The message form of a thread and of the inbox's send dialog: email or SMS, canned responses and
 * `[token=?]` prompts, the SMS cost before sending (parts, and the characters that force UCS-2
 * highlighted), an optional send time. Enter is a line break; Ctrl+Enter sends (spec 000 section 2.6).
 * Merge fields (`[first-name]`, `[balance]`...) are shown filled for this customer under the text:
 * the server fills them the same way as it saves the message (docs/send.md).
 */
export function MessageForm({
  me,
  customer,
  channels,
  replyChannel,
  onSent,
}: {
  me: Me;
  customer: Customers.Customer;
  channels: Channel[];
  /** The channel of the customer's last message: a reply goes back the way it came. */
  replyChannel?: Channel | undefined;
  onSent?: () => void;
}) {
  const { t } = useTranslation();
  const send = useSendMessage();
  const touch = useMediaQuery('(pointer: coarse)');
  const [chosen, setType] = useState<Channel>();
  const type =
    chosen ?? (replyChannel && channels.includes(replyChannel) ? replyChannel : (channels[0] ?? 'Email'));
  const [content, setContent] = useState('');
  const [subject, setSubject] = useState('');
  // Send later: the day as dd/mm/yyyy (a native date-time input shows the browser's format), then the time.
  const [sendDay, setSendDay] = useState('');
  const [sendTime, setSendTime] = useState('09:00');
  const sendAt = sendDay && sendTime ? `${sendDay}T${sendTime}` : '';
  const [later, setLater] = useState(false);
  const [error, setError] = useState<ReturnType<typeof draftError>>();
  const [picking, setPicking] = useState(false);
  const [tokens, setTokens] = useState<string[]>([]);
  const area = useRef<HTMLTextAreaElement>(null);
  const fields = findMergeFields(`${type === 'Email' ? subject : ''}\n${content}`);
  const values = useCustomerMergeValues(fields.length > 0 ? customer : undefined, usesCustomerPage(fields));
  const sms = useMemo(
    () => (type === 'SMS' ? Notifications.smsSegments(fillMergeFields(content, values)) : undefined),
    [type, content, values],
  );

  const submit = (text: string) => {
    const problem = draftError(me, customer, type, text);
    if (problem) {
      setError(problem);
      return;
    }
    const asked = findTokens(text);
    if (asked.length > 0) {
      setTokens(asked);
      return;
    }
    const at = later && sendAt ? Math.floor(new Date(sendAt).getTime() / 1000) : undefined;
    send.mutate(
      {
        customerId: customer._id,
        type,
        // The thread's channel says which of the customer's numbers an SMS goes to: the mobile.
        address: type === 'Email' ? customer.email : customer.mobileNumber,
        content: text.trim(),
        ...(type === 'Email' && subject.trim() ? { subject: subject.trim() } : {}),
        today: businessToday(),
        ...(at ? { sendAtSecondsTimestamp: at } : {}),
      },
      { onError: (e) => toast.error(errorText(t, e)) },
    );
    setContent('');
    setSubject('');
    setSendDay('');
    setLater(false);
    setError(undefined);
    onSent?.();
  };

  const insert = (text: string) => {
    const el = area.current;
    const start = el?.selectionStart ?? content.length;
    const end = el?.selectionEnd ?? content.length;
    setContent(content.slice(0, start) + text + content.slice(end));
    setError(undefined);
  };

  const onKeyDown = (e: KeyboardEvent<HTMLTextAreaElement>) => {
    if (e.key === 'Enter' && (e.ctrlKey || e.metaKey)) {
      e.preventDefault();
      submit(content);
    }
  };

  return (
    <form
      className="flex flex-col gap-2 rounded-lg border bg-card p-3"
      aria-label={t('messages.form')}
      onSubmit={(e) => {
        e.preventDefault();
        submit(content);
      }}
    >
      <div className="flex flex-wrap items-center gap-2">
        {channels.length > 1 ? (
          <fieldset aria-label={t('messages.channel')} className="flex rounded-md border p-0.5">
            {channels.map((c) => (
              <button
                key={c}
                type="button"
                aria-pressed={type === c}
                className={cn(
                  'rounded px-3 py-1 text-sm',
                  type === c ? 'bg-primary text-primary-foreground' : 'hover:bg-accent',
                )}
                onClick={() => setType(c)}
              >
                {t(`messages.type-${c}`)}
              </button>
            ))}
          </fieldset>
        ) : (
          <span className="text-sm font-medium">{t(`messages.type-${type}`)}</span>
        )}
        <span className="min-w-0 truncate text-sm text-muted-foreground">
          {type === 'Email' ? customer.email : customer.mobileNumber}
        </span>
        <select
          className={cn(inputClass, 'ml-auto h-8 w-auto py-0 text-sm')}
          aria-label={t('messages.insert-field')}
          value=""
          onChange={(e) => e.target.value && insert(`[${e.target.value}]`)}
        >
          <option value="">{t('messages.insert-field')}</option>
          {MESSAGE_FIELDS.map((f) => (
            <option key={f} value={f}>
              {t(`messages.field-${f}`)} [{f}]
            </option>
          ))}
        </select>
        <Button type="button" variant="ghost" size="sm" onClick={() => setPicking(true)}>
          <MessageSquareText aria-hidden />
          <span className="sr-only sm:not-sr-only">{t('canned-responses.pick')}</span>
        </Button>
      </div>
      {type === 'Email' && (
        <input
          className={inputClass}
          placeholder={t('messages.subject')}
          aria-label={t('messages.subject')}
          value={subject}
          maxLength={200}
          onChange={(e) => setSubject(e.target.value)}
        />
      )}
      <textarea
        ref={area}
        className={cn(inputClass, 'h-24 resize-y py-2')}
        placeholder={t('messages.placeholder')}
        aria-label={t('messages.content')}
        aria-invalid={!!error}
        aria-describedby={touch ? undefined : 'message-form-hint'}
        value={content}
        maxLength={type === 'SMS' ? 1600 : 20000}
        onChange={(e) => {
          setContent(e.target.value);
          setError(undefined);
        }}
        onKeyDown={onKeyDown}
      />
      {fields.length > 0 && (
        <section
          aria-label={t('messages.merge-preview', { name: customer.name })}
          className="rounded-md border bg-muted/40 p-2 text-sm"
          data-testid="merge-preview"
        >
          <h3 className="mb-1 text-xs text-muted-foreground">
            {t('messages.merge-preview', { name: customer.name })}
          </h3>
          {type === 'Email' && subject.trim() && (
            <p className="font-medium" data-testid="merge-preview-subject">
              {fillMergeFields(subject, values)}
            </p>
          )}
          <p className="whitespace-pre-wrap" data-testid="merge-preview-content">
            {fillMergeFields(content, values)}
          </p>
        </section>
      )}
      {error && (
        <p role="alert" className="text-sm text-destructive">
          {t(error.key, error.params)}
        </p>
      )}
      {sms && sms.segments > 0 && (
        <div className="text-xs text-muted-foreground" data-testid="sms-cost">
          <p>
            {t('messages.sms-cost', {
              count: sms.segments,
              segments: sms.segments,
              encoding: sms.encoding,
              remaining: sms.remaining,
            })}
          </p>
          {sms.encoding === 'UCS-2' && (
            <p className="mt-1">
              {t('messages.ucs2-warning')}{' '}
              <span
                className="whitespace-pre-wrap rounded border bg-background p-1 text-foreground"
                data-testid="sms-preview"
              >
                {Array.from(content)
                  .map((ch, pos) => ({ ch, pos }))
                  .map(({ ch, pos }) =>
                    sms.ucs2Characters.includes(ch) ? (
                      <mark
                        key={pos}
                        className="rounded bg-amber-300 text-black"
                        title={t('messages.ucs2-character')}
                      >
                        {ch}
                      </mark>
                    ) : (
                      ch
                    ),
                  )}
              </span>
            </p>
          )}
        </div>
      )}
      <div className="flex flex-wrap items-center gap-2">
        {/* A phone has no Ctrl key: the hint is for keyboards only. */}
        {!touch && (
          <p id="message-form-hint" className="text-xs text-muted-foreground">
            {t('messages.keys-hint')}
          </p>
        )}
        <label className="ml-auto flex items-center gap-1 text-sm">
          <input type="checkbox" checked={later} onChange={(e) => setLater(e.target.checked)} />
          <Clock className="size-4" aria-hidden />
          {t('messages.send-later')}
        </label>
        {later && (
          <>
            <DateField label={t('messages.send-on')} value={sendDay} onChange={setSendDay} className="w-44" />
            <input
              type="time"
              aria-label={t('messages.send-at')}
              className={cn(inputClass, 'h-10 w-auto')}
              value={sendTime}
              onChange={(e) => setSendTime(e.target.value)}
            />
          </>
        )}
        <Button type="submit" disabled={later && !sendAt}>
          <Send aria-hidden />
          {later ? t('messages.schedule') : t('messages.send')}
        </Button>
      </div>
      <CannedResponsePicker
        open={picking}
        onOpenChange={setPicking}
        responses={me.account.settings.cannedResponses ?? []}
        onPick={insert}
      />
      <TokenPrompt
        tokens={tokens}
        onCancel={() => setTokens([])}
        onDone={(values) => {
          const filled = replaceTokens(content, values);
          setTokens([]);
          setContent(filled);
          submit(filled);
        }}
      />
    </form>
  );
}
