import { createFileRoute, useNavigate } from '@tanstack/react-router';
import { useCallback } from 'react';
import { InvoicesScreen } from '../../features/payments/invoices-screen';
import { useActor } from '../../lib/me';

/** `invoices/{transactionIdOrInvoiceNumber?}` (spec 000 section 2.3: Core; Owner, Admin). */
export const Route = createFileRoute('/_app/invoices/{-$transactionIdOrInvoiceNumber}')({
  staticData: { routeName: 'invoices' },
  component: function InvoicesRoute() {
    const { transactionIdOrInvoiceNumber } = Route.useParams();
    const navigate = useNavigate();
    const onOpen = useCallback(
      (id?: string) =>
        void navigate({
          to: '/invoices/{-$transactionIdOrInvoiceNumber}',
          params: { transactionIdOrInvoiceNumber: id },
        }),
      [navigate],
    );
    return <InvoicesScreen actor={useActor()} selected={transactionIdOrInvoiceNumber} onOpen={onOpen} />;
  },
});
