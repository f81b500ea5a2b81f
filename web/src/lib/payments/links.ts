import { queryOptions, useQuery } from '@tanstack/react-query';
import { answer, api } from '../http';
import { useOnline } from '../use-online';

/** A customer's payment links (spec 000 section 2.10), each a server token alone (docs/public-links.md). */
export interface PaymentLinks {
  /** `/go/p/{token}`: sign up for direct debit or a card on file. */
  signUp: string;
  /** `/go/a/{token}/`: the customer's account page (balance, invoices, pay). */
  account: string;
  /** `/go/a/{token}/stripe/card`: paying by card. */
  card: string;
}

/**
 * `POST /api/payments/links/:customerId` (Owner, Admin, Creator). The server makes the key the
 * first time and answers the same links every time after, so one answer is good for the page's
 * life. Only the server knows the key: a link built on the device would be "Link not available".
 */
export const paymentLinksQuery = (customerId: string) =>
  queryOptions({
    queryKey: ['payment-links', customerId],
    queryFn: () =>
      answer(
        api.payments.links[':customerId'].$post({ param: { customerId: encodeURIComponent(customerId) } }),
      ),
    staleTime: Number.POSITIVE_INFINITY,
    retry: false,
  });

/**
 * The links, asked for once `enabled` (a dialog opened) and only online: offline the screens say
 * so (`payments.links-offline`) rather than wait.
 */
export function usePaymentLinks(customerId: string, enabled: boolean) {
  const online = useOnline();
  const query = useQuery({ ...paymentLinksQuery(customerId), enabled: enabled && online });
  return { online, links: query.data, error: query.error, loading: enabled && online && query.isPending };
}
