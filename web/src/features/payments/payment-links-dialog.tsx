import './strings.ts';
import { type Customers, Notifications } from '@roundwise/core';
import { Copy, Send } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../components/ui/button';
import {
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '../../components/ui/dialog';
import { Label } from '../../components/ui/label';
import { Textarea } from '../../components/ui/textarea';
import { useCommand } from '../../lib/commands/use-command';
import { errorText } from '../../lib/errors';
import { useMe } from '../../lib/me';
import { usePaymentLinks } from '../../lib/payments/links';
import { toast } from '../../lib/toast';

/**
 * A customer's payment links (spec 000 section 2.10), from the server, which alone holds their key:
 * copy the sign-up link or the account page link, or send the sign-up link by email through the
 * messaging pipeline (`notifications.send`: it waits offline, takes its credits, is sent once).
 * Asking for the links needs a connection; offline the dialog says so.
 */
export function PaymentLinksDialog({ customer }: { customer: Customers.Customer & { _id: string } }) {
  const { t } = useTranslation();
  const me = useMe();
  const { online, links, error, loading } = usePaymentLinks(customer._id, true);
  const notify = useCommand(Notifications.send);
  // Sent only to a customer who may be emailed (the server's rule, spec 000 section 2.6).
  const emailable = Notifications.channelsOf(customer).includes('Email');
  const [message, setMessage] = useState<string>();
  const copy = (link: string) =>
    navigator.clipboard
      .writeText(link)
      .then(() => toast.success(t('payments.link-copied')))
      .catch(() => toast.error(t('payments.link-copy-failed')));
  const send = () => {
    if (!message?.trim()) return;
    notify.mutate(
      {
        customerId: customer._id,
        type: 'Email',
        content: message,
        subject: t('payments.sign-up-subject', { business: me.account.businessName }),
      },
      { onError: (e) => toast.error(errorText(t, e)) },
    );
    toast.success(t('payments.sign-up-link-sent'));
    setMessage(undefined);
  };

  return (
    <DialogContent className="max-h-[92dvh] overflow-y-auto sm:max-w-lg" data-testid="payment-links">
      <DialogHeader>
        <DialogTitle>{t('payments.links')}</DialogTitle>
        <DialogDescription>{t('payments.links-description', { name: customer.name })}</DialogDescription>
      </DialogHeader>
      {!links ? (
        <p role="status" className="text-sm">
          {!online
            ? t('payments.links-offline')
            : error
              ? errorText(t, error)
              : loading && t('payments.links-loading')}
        </p>
      ) : message === undefined ? (
        <div className="flex min-w-0 flex-col gap-3">
          {(
            [
              ['payments.sign-up-link', 'payments.copy-sign-up-link', links.signUp],
              ['payments.account-link', 'payments.copy-account-link', links.account],
            ] as const
          ).map(([label, action, link]) => (
            <div key={label} className="flex min-w-0 flex-col gap-1">
              <div className="text-sm font-medium">{t(label)}</div>
              <div className="flex min-w-0 flex-col gap-2 sm:flex-row sm:items-center">
                <code className="min-w-0 truncate sm:flex-1 rounded-md bg-muted px-2 py-1.5 text-xs">
                  {link}
                </code>
                <Button variant="outline" size="sm" className="self-start" onClick={() => void copy(link)}>
                  <Copy aria-hidden />
                  {t(action)}
                </Button>
              </div>
            </div>
          ))}
          <Button
            className="self-start"
            disabled={!emailable}
            onClick={() =>
              setMessage(
                t('payments.sign-up-message', {
                  name: customer.name,
                  business: me.account.businessName,
                  link: links.signUp,
                }),
              )
            }
          >
            <Send aria-hidden />
            {t('payments.send-sign-up-link')}
          </Button>
          {!emailable && (
            <p className="text-sm text-muted-foreground">
              {t(customer.email ? 'notification.customer-no-contact-methods' : 'payments.no-email')}
            </p>
          )}
        </div>
      ) : (
        <form
          className="flex flex-col gap-2"
          onSubmit={(e) => {
            e.preventDefault();
            send();
          }}
        >
          <Label htmlFor="sign-up-message">{t('payments.message')}</Label>
          <Textarea
            id="sign-up-message"
            rows={6}
            value={message}
            onChange={(e) => setMessage(e.target.value)}
          />
          <DialogFooter>
            <Button type="button" variant="outline" onClick={() => setMessage(undefined)}>
              {t('general.cancel')}
            </Button>
            <Button type="submit" disabled={!message.trim()}>
              {t('payments.send-email', { email: customer.email })}
            </Button>
          </DialogFooter>
        </form>
      )}
    </DialogContent>
  );
}
