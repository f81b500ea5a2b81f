import './strings.ts';
import { type Customers, type Entity, Notifications, Quotes } from '@roundwise/core';
import { useNavigate } from '@tanstack/react-router';
import { Check, Eye, MoreVertical, Send, Wrench } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { AttachmentList } from '../../components/attachments/attachment-list';
import { buttonClass, secondaryButtonClass } from '../../components/form';
import {
  AlertDialog,
  AlertDialogAction,
  AlertDialogCancel,
  AlertDialogContent,
  AlertDialogDescription,
  AlertDialogFooter,
  AlertDialogHeader,
  AlertDialogTitle,
} from '../../components/ui/alert-dialog';
import { Badge } from '../../components/ui/badge';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
} from '../../components/ui/dialog';
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from '../../components/ui/dropdown-menu';
import { useCommand } from '../../lib/commands/use-command';
import { businessToday } from '../../lib/dates';
import { errorText } from '../../lib/errors';
import { dayLabel, money } from '../../lib/format';
import { useActor, useMe } from '../../lib/me';
import { usePaymentLinks } from '../../lib/payments/links';
import { toast } from '../../lib/toast';
import { DEFAULT_EMAIL_TEMPLATE, DEFAULT_SMS_TEMPLATE, fillTemplate, quoteLink } from './quote-message';
import { PromptDialog } from './quote-prompts';

type Prompt =
  | 'decline'
  | 'mark-sent'
  | 'send-Email'
  | 'send-SMS'
  | 'transfer'
  | 'booking'
  | 'invite'
  | undefined;
type Confirm = 'delete' | 'convert' | undefined;

/** Items grouped by frequency, in the order each first appears (spec 000 section 2.8). */
export function groupByFrequency(items: readonly Quotes.QuoteItem[]): [string, Quotes.QuoteItem[]][] {
  const groups = new Map<string, Quotes.QuoteItem[]>();
  for (const item of items) {
    const key = item.frequencyDescription || 'One-off';
    groups.set(key, [...(groups.get(key) ?? []), item]);
  }
  return [...groups];
}

/**
 * The quote summary (spec 000 sections 2.8 and 4): number ('Pending Sync' until the server gives
 * one), display tags, items grouped by frequency, totals, what the customer accepted (frozen, with
 * its hash), the menu and the floating actions, each offered only when its rule allows.
 */
export function QuoteSummaryDialog({
  quote,
  customer,
  settings,
  onOpenChange,
  onEdit,
}: {
  quote: Entity<Quotes.Quote> | undefined;
  customer: Customers.Customer | undefined;
  settings: Quotes.QuoteSettings;
  onOpenChange: (open: boolean) => void;
  onEdit: () => void;
}) {
  const { t, i18n } = useTranslation();
  const actor = useActor();
  const me = useMe();
  const navigate = useNavigate();
  const [prompt, setPrompt] = useState<Prompt>();
  const [confirm, setConfirm] = useState<Confirm>();
  const accept = useCommand(Quotes.accept);
  const decline = useCommand(Quotes.decline);
  const backToPending = useCommand(Quotes.backToPending);
  const markSent = useCommand(Quotes.markSent);
  const markUnsent = useCommand(Quotes.markUnsent);
  const send = useCommand(Quotes.send);
  const convert = useCommand(Quotes.convert);
  const remove = useCommand(Quotes.delete);
  const transfer = useCommand(Quotes.transferLead);
  const notify = useCommand(Notifications.send);
  // The invite's link is the server's (it holds the link's key): asked for when the prompt opens.
  const invite = usePaymentLinks(quote?.customerId ?? '', prompt === 'invite' && !!quote);
  if (!quote) return null;

  const fmt = (n: number) => money(n, i18n.language, quote.currency);
  const tags = Quotes.displayTags(quote, new Date(), settings.timeZone);
  const actions = Quotes.availableActions(quote, actor, customer);
  const can = (a: Quotes.QuoteAction) => actions.includes(a);
  const id = quote._id;
  const fail = (key: string) => (e: unknown) => toast.error(`${t(key)} ${errorText(t, e)}`);
  const fields = {
    customerName: customer?.name ?? '',
    quoteNumber: quote.quoteNumber ?? '',
    total: fmt(quote.total),
    link: quote.linkToken ? quoteLink(window.location.origin, quote.linkToken) : '',
    businessName: me.account.businessName,
  };
  const message = (channel: 'Email' | 'SMS') =>
    fillTemplate(
      (channel === 'Email' ? settings.emailTemplate : settings.smsTemplate) ||
        (channel === 'Email' ? DEFAULT_EMAIL_TEMPLATE : DEFAULT_SMS_TEMPLATE),
      fields,
    );
  // The page's link is the server's token, which comes with the quote's number.
  const preview = () => {
    if (!quote.linkToken) {
      toast.error(t('quote.not-yet-processed'));
      return;
    }
    window.open(quoteLink(window.location.origin, quote.linkToken, true), '_blank');
  };
  const startSend = (channel: 'Email' | 'SMS') => {
    // Refused on the device too, but said before the message is written (spec 000 section 5).
    if (!quote.quoteNumber || !quote.linkToken) {
      toast.error(t('quote.not-yet-processed'));
      return;
    }
    setPrompt(channel === 'Email' ? 'send-Email' : 'send-SMS');
  };

  return (
    <>
      <Dialog open onOpenChange={onOpenChange}>
        <DialogContent className="max-h-[92dvh] overflow-y-auto sm:max-w-2xl" data-testid="quote-summary">
          <DialogHeader>
            <div className="flex items-start justify-between gap-2 pr-6">
              <div>
                <DialogTitle data-testid="quote-number">
                  {quote.quoteNumber ?? t('quote.pending-sync')}
                </DialogTitle>
                <DialogDescription>
                  {[quote.name, customer?.name].filter(Boolean).join(' · ')} ·{' '}
                  {dayLabel(quote.date, i18n.language)}
                </DialogDescription>
              </div>
              <DropdownMenu>
                <DropdownMenuTrigger className={secondaryButtonClass} aria-label={t('quotes.menu')}>
                  <MoreVertical className="size-4" aria-hidden />
                </DropdownMenuTrigger>
                <DropdownMenuContent align="end">
                  {customer && <DropdownMenuItem onSelect={onEdit}>{t('quotes.edit')}</DropdownMenuItem>}
                  <DropdownMenuItem onSelect={preview}>{t('quotes.preview')}</DropdownMenuItem>
                  <DropdownMenuItem onSelect={() => startSend('Email')}>
                    {t('quotes.send-email')}
                  </DropdownMenuItem>
                  <DropdownMenuItem onSelect={() => startSend('SMS')}>
                    {t('quotes.send-sms')}
                  </DropdownMenuItem>
                  {quote.sentDate ? (
                    <DropdownMenuItem
                      onSelect={() => {
                        markUnsent.mutate({ _id: id }, { onError: fail('quote.mark-as-unsent-error') });
                        toast.success(t('quote.marked-as-unsent'));
                      }}
                    >
                      {t('quotes.mark-unsent')}
                    </DropdownMenuItem>
                  ) : (
                    <DropdownMenuItem onSelect={() => setPrompt('mark-sent')}>
                      {t('quotes.mark-sent')}
                    </DropdownMenuItem>
                  )}
                  <DropdownMenuSeparator />
                  {can('mark-accepted') && (
                    <DropdownMenuItem
                      onSelect={() => {
                        accept.mutate({ _id: id }, { onError: fail('quote.accept-error') });
                        toast.success(t('quote.accepted'));
                      }}
                    >
                      {t('quotes.mark-accepted')}
                    </DropdownMenuItem>
                  )}
                  {can('mark-declined') && (
                    <DropdownMenuItem onSelect={() => setPrompt('decline')}>
                      {t('quotes.mark-declined')}
                    </DropdownMenuItem>
                  )}
                  {can('back-to-pending') && (
                    <DropdownMenuItem onSelect={() => backToPending.mutate({ _id: id })}>
                      {t('quotes.back-to-pending')}
                    </DropdownMenuItem>
                  )}
                  {can('booking-confirmation') && (
                    <DropdownMenuItem onSelect={() => setPrompt('booking')}>
                      {t('quotes.booking-confirmation')}
                    </DropdownMenuItem>
                  )}
                  {can('payment-invite') && (
                    <DropdownMenuItem onSelect={() => setPrompt('invite')}>
                      {t('quotes.payment-invite')}
                    </DropdownMenuItem>
                  )}
                  {can('sell-as-lead') && (
                    <DropdownMenuItem
                      onSelect={() =>
                        void navigate({
                          to: '/marketplace/sell-quoted-jobs' as never,
                          search: {
                            quotedJobIds: quote.items
                              .flatMap((i) => (i.relatedId ? [i.relatedId] : []))
                              .join(','),
                            type: 'lead',
                            customerId: quote.customerId,
                            notes: quote.notes,
                          } as never,
                        })
                      }
                    >
                      {t('quotes.sell-as-lead')}
                    </DropdownMenuItem>
                  )}
                  {can('transfer-lead') && (
                    <DropdownMenuItem onSelect={() => setPrompt('transfer')}>
                      {t('quotes.transfer-lead')}
                    </DropdownMenuItem>
                  )}
                  <DropdownMenuSeparator />
                  <DropdownMenuItem variant="destructive" onSelect={() => setConfirm('delete')}>
                    {t('general.delete')}
                  </DropdownMenuItem>
                </DropdownMenuContent>
              </DropdownMenu>
            </div>
          </DialogHeader>

          {!customer && (
            <div
              role="alert"
              className="flex items-center justify-between gap-2 rounded-md border border-destructive/50 p-3 text-sm"
            >
              {t('quote.customer-missing')}
              <button type="button" className={secondaryButtonClass} onClick={() => setConfirm('delete')}>
                {t('general.delete')}
              </button>
            </div>
          )}

          <div className="flex flex-wrap gap-1" data-testid="quote-tags">
            {tags.map((tag) => (
              <Badge
                key={tag}
                variant={tag === 'expired' || tag === 'declined' ? 'destructive' : 'secondary'}
              >
                {t(`quote.tag-${tag}`)}
              </Badge>
            ))}
          </div>

          {quote.items.length === 0 ? (
            <p className="py-4 text-center text-muted-foreground">{t('quote.no-line-items')}</p>
          ) : (
            groupByFrequency(quote.items).map(([frequency, items]) => (
              <section key={frequency} className="rounded-md border p-3">
                <h3 className="mb-1 text-sm font-semibold">{frequency}</h3>
                {items.map((item, i) => (
                  <div
                    // biome-ignore lint/suspicious/noArrayIndexKey: an item's place in its group is its identity here
                    key={i}
                    className="flex justify-between gap-3 border-t py-1.5 text-sm first-of-type:border-t-0"
                  >
                    <div className="min-w-0">
                      <div>{item.title}</div>
                      {item.description && <div className="text-muted-foreground">{item.description}</div>}
                      {item.quantity !== 1 && (
                        <div className="text-muted-foreground">
                          {item.quantity} × {fmt(item.unitPrice)}
                        </div>
                      )}
                    </div>
                    <div className="tabular-nums">{fmt(item.total)}</div>
                  </div>
                ))}
              </section>
            ))
          )}
          <dl className="grid grid-cols-2 gap-1 text-sm">
            <dt>{t('quotes.subtotal')}</dt>
            <dd className="text-right tabular-nums">{fmt(quote.subtotal)}</dd>
            {quote.discountTotal > 0 && (
              <>
                <dt>{t('quotes.discount')}</dt>
                <dd className="text-right tabular-nums">−{fmt(quote.discountTotal)}</dd>
              </>
            )}
            <dt>{t('quotes.total-tax')}</dt>
            <dd className="text-right tabular-nums">{fmt(quote.totalTax)}</dd>
            <dt className="font-semibold">{t('quotes.total')}</dt>
            <dd className="text-right font-semibold tabular-nums" data-testid="quote-total">
              {fmt(quote.total)}
            </dd>
          </dl>
          <dl className="grid grid-cols-2 gap-1 text-sm text-muted-foreground">
            <dt>{t('quotes.expiry')}</dt>
            <dd>{dayLabel(quote.expiry, i18n.language)}</dd>
            {quote.sentDate && (
              <>
                <dt>{t('quotes.sent-on')}</dt>
                <dd>
                  {dayLabel(quote.sentDate.slice(0, 10), i18n.language)}
                  {quote.sentManually ? ` (${t('quotes.manually')})` : ''}
                </dd>
              </>
            )}
            {quote.firstViewedDate && (
              <>
                <dt>{t('quotes.viewed')}</dt>
                <dd>
                  {dayLabel(quote.firstViewedDate.slice(0, 10), i18n.language)}
                  {quote.lastViewedDate && quote.lastViewedDate !== quote.firstViewedDate
                    ? ` – ${dayLabel(quote.lastViewedDate.slice(0, 10), i18n.language)}`
                    : ''}
                </dd>
              </>
            )}
            {quote.declineReason && (
              <>
                <dt>{t('quotes.decline-reason')}</dt>
                <dd data-testid="quote-decline-reason">{quote.declineReason}</dd>
              </>
            )}
          </dl>
          {quote.acceptance && (
            <section className="rounded-md border p-3 text-sm" data-testid="quote-acceptance">
              <h3 className="font-semibold">{t('quotes.accepted-by-customer')}</h3>
              <p className="text-muted-foreground">
                {t('quotes.acceptance-summary', {
                  at: new Date(quote.acceptance.acceptedAt).toLocaleString(i18n.language),
                  total: fmt(Number((quote.acceptance.document as { total?: number }).total ?? 0)),
                })}
              </p>
              {/* The evidence is kept for a dispute, not read every day: behind a disclosure. */}
              <details className="text-xs text-muted-foreground">
                <summary className="cursor-pointer">{t('quotes.acceptance-details')}</summary>
                <p>
                  {t('quotes.acceptance-evidence', {
                    address: quote.acceptance.address,
                    version: quote.acceptance.version,
                  })}
                </p>
                <p className="break-all font-mono">{quote.acceptance.hash}</p>
              </details>
              {(quote.version ?? 1) > quote.acceptance.version && (
                <p className="text-amber-700 dark:text-amber-400">{t('quotes.edited-since-acceptance')}</p>
              )}
            </section>
          )}
          {quote.notes && <p className="whitespace-pre-wrap text-sm">{quote.notes}</p>}
          {(quote.attachments?.length ?? 0) > 0 && (
            <section className="flex flex-col gap-2" data-testid="quote-summary-attachments">
              <h3 className="text-sm font-medium">{t('attachments.title')}</h3>
              <AttachmentList ids={quote.attachments ?? []} />
            </section>
          )}

          {customer && (
            <div className="sticky bottom-0 flex flex-wrap justify-end gap-2 bg-background pt-2">
              <button type="button" className={secondaryButtonClass} onClick={preview}>
                <Eye className="size-4" aria-hidden />
                {t('quotes.preview')}
              </button>
              <button type="button" className={secondaryButtonClass} onClick={() => startSend('Email')}>
                <Send className="size-4" aria-hidden />
                {t('quotes.send')}
              </button>
              {can('convert') && (
                <button type="button" className={buttonClass} onClick={() => setConfirm('convert')}>
                  <Wrench className="size-4" aria-hidden />
                  {t('quotes.convert')}
                </button>
              )}
              {can('mark-accepted') && (
                <button
                  type="button"
                  className={secondaryButtonClass}
                  onClick={() => {
                    accept.mutate({ _id: id }, { onError: fail('quote.accept-error') });
                    toast.success(t('quote.accepted'));
                  }}
                >
                  <Check className="size-4" aria-hidden />
                  {t('quotes.mark-accepted')}
                </button>
              )}
            </div>
          )}
        </DialogContent>
      </Dialog>

      <PromptDialog
        open={prompt === 'decline'}
        onOpenChange={(o) => !o && setPrompt(undefined)}
        title={t('quotes.mark-declined')}
        label={t('quote.decline-reason-prompt')}
        requiredKey="quote.decline-reason-required"
        confirm={t('quotes.mark-declined')}
        onAnswer={(reason) => {
          decline.mutate({ _id: id, reason }, { onError: fail('quote.decline-error') });
          toast.success(t('quote.declined'));
        }}
      />
      <PromptDialog
        open={prompt === 'mark-sent'}
        onOpenChange={(o) => !o && setPrompt(undefined)}
        title={t('quotes.mark-sent')}
        label={t('quotes.sent-on')}
        type="date"
        initial={businessToday()}
        requiredKey="validation.date-invalid"
        confirm={t('quotes.mark-sent')}
        onAnswer={(date) => {
          markSent.mutate({ _id: id, date }, { onError: fail('quote.mark-as-sent-error') });
          toast.success(t('quote.marked-as-sent'));
        }}
      />
      {(['Email', 'SMS'] as const).map((channel) => (
        <PromptDialog
          key={channel}
          open={prompt === `send-${channel}`}
          onOpenChange={(o) => !o && setPrompt(undefined)}
          title={channel === 'Email' ? t('quotes.send-email') : t('quotes.send-sms')}
          description={
            channel === 'Email' ? customer?.email : customer?.mobileNumber || customer?.telephoneNumber
          }
          label={t('quotes.message')}
          multiline
          initial={message(channel)}
          requiredKey="validation.description-required"
          confirm={t('quotes.send')}
          onAnswer={(content) =>
            send.mutate(
              {
                _id: id,
                channel,
                content,
                ...(channel === 'Email'
                  ? {
                      subject: t('quotes.mail-subject', {
                        number: quote.quoteNumber,
                        business: me.account.businessName,
                      }),
                    }
                  : {}),
              },
              {
                onSuccess: () => toast.success(t('notifications.quote-sent')),
                onError: fail('quote.sent-error'),
              },
            )
          }
        />
      ))}
      <PromptDialog
        open={prompt === 'transfer'}
        onOpenChange={(o) => !o && setPrompt(undefined)}
        title={t('quotes.transfer-lead')}
        label={t('quotes.new-owner')}
        requiredKey="general.validation-failed"
        confirm={t('quotes.transfer-lead')}
        onAnswer={(newOwnerId) => {
          transfer.mutate(
            { _id: id, newOwnerId: newOwnerId.trim() },
            { onError: fail('quotes.transfer-error') },
          );
          toast.success(t('jobs.transfer-complete'));
        }}
      />
      <PromptDialog
        open={prompt === 'booking'}
        onOpenChange={(o) => !o && setPrompt(undefined)}
        title={t('quote.send-booking-confirmation-prompt')}
        label={t('quotes.message')}
        multiline
        initial={t('quotes.booking-message', {
          name: customer?.name ?? '',
          business: me.account.businessName,
        })}
        requiredKey="validation.description-required"
        confirm={t('quotes.send')}
        onAnswer={(content) =>
          customer &&
          notify.mutate(
            { customerId: customer._id, type: 'Email', content, relatedItemId: id },
            { onError: (e) => toast.error(errorText(t, e)) },
          )
        }
      />
      {prompt === 'invite' && invite.links ? (
        // Mounted once the server's link is here, so the message starts with it.
        <PromptDialog
          open
          onOpenChange={(o) => !o && setPrompt(undefined)}
          title={t('quotes.payment-invite')}
          label={t('quotes.message')}
          multiline
          initial={t('quotes.payment-invite-message', {
            name: customer?.name ?? '',
            business: me.account.businessName,
            // The customer's sign-up link with its key (spec 000 section 2.10), from the server.
            link: invite.links.signUp,
          })}
          requiredKey="validation.description-required"
          confirm={t('quotes.send')}
          onAnswer={(content) =>
            customer &&
            notify.mutate(
              { customerId: customer._id, type: 'Email', content, relatedItemId: id },
              { onError: (e) => toast.error(errorText(t, e)) },
            )
          }
        />
      ) : (
        <Dialog open={prompt === 'invite'} onOpenChange={(o) => !o && setPrompt(undefined)}>
          <DialogContent className="sm:max-w-lg">
            <DialogHeader>
              <DialogTitle>{t('quotes.payment-invite')}</DialogTitle>
              <DialogDescription role="status">
                {!invite.online
                  ? t('payments.links-offline')
                  : invite.error
                    ? errorText(t, invite.error)
                    : t('payments.links-loading')}
              </DialogDescription>
            </DialogHeader>
          </DialogContent>
        </Dialog>
      )}
      <AlertDialog open={!!confirm} onOpenChange={(o) => !o && setConfirm(undefined)}>
        <AlertDialogContent>
          <AlertDialogHeader>
            <AlertDialogTitle>
              {confirm === 'convert' ? t('quote.convert-to-jobs-confirm') : t('quotes.delete-confirm')}
            </AlertDialogTitle>
            <AlertDialogDescription>
              {confirm === 'convert' ? t('quotes.convert-description') : t('quotes.delete-description')}
            </AlertDialogDescription>
          </AlertDialogHeader>
          <AlertDialogFooter>
            <AlertDialogCancel>{t('general.cancel')}</AlertDialogCancel>
            <AlertDialogAction
              variant={confirm === 'delete' ? 'destructive' : 'default'}
              onClick={() => {
                if (confirm === 'delete') {
                  remove.mutate({ _id: id }, { onError: fail('quote.delete-error') });
                  toast.success(t('quote.deleted'));
                  onOpenChange(false);
                } else {
                  convert.mutate({ _id: id }, { onError: fail('quote.convert-jobs-error') });
                  toast.success(
                    t(
                      quote.items.length === 1
                        ? 'quote.convert-to-job-success'
                        : 'quote.convert-to-jobs-success',
                    ),
                  );
                  // Then offer the booking confirmation (spec 000 section 4).
                  if (customer?.email) setPrompt('booking');
                }
              }}
            >
              {confirm === 'convert' ? t('quotes.convert') : t('general.delete')}
            </AlertDialogAction>
          </AlertDialogFooter>
        </AlertDialogContent>
      </AlertDialog>
    </>
  );
}
