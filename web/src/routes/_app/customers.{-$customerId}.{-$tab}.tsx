import { canNavigate } from '@roundwise/core';
import { createFileRoute } from '@tanstack/react-router';
import { JobFields, RecordFields } from '../../features/custom-fields/record-fields';
import { CUSTOMER_TABS, CustomerDetail, type CustomerTab } from '../../features/customers/customer-detail';
import { CustomerList } from '../../features/customers/customer-list';
import { CustomerJobs, CustomerSchedule } from '../../features/jobs/customer-jobs';
import { MessageThread } from '../../features/notifications/message-thread';
import { CustomerPayments } from '../../features/payments/customer-payments';
import { useActor, useMe } from '../../lib/me';
import { optionalString } from '../../lib/search-params';

/** `customers/{customerId?}/{tab?}` (spec 000 section 2.3: Core; Owner, Admin, Creator). */
export const Route = createFileRoute('/_app/customers/{-$customerId}/{-$tab}')({
  staticData: { routeName: 'customers' },
  // The messages tab's last-read message (spec 000 section 2.6).
  validateSearch: (search: Record<string, unknown>): { messageId?: string } => ({
    messageId: optionalString(search.messageId),
  }),
  component: function CustomersRoute() {
    const { customerId, tab } = Route.useParams();
    const { messageId } = Route.useSearch();
    const me = useMe();
    const actor = useActor();
    const navigate = Route.useNavigate();
    if (!customerId) return <CustomerList />;
    const current: CustomerTab = CUSTOMER_TABS.includes(tab as CustomerTab)
      ? (tab as CustomerTab)
      : 'overview';
    return (
      <CustomerDetail
        customerId={customerId}
        tab={current}
        overview={(customer) => (
          <RecordFields target="customer" targetObjectId={customer._id} related={[customer._id]} />
        )}
        tabs={{
          jobs: (customer) => (
            <CustomerJobs
              customer={customer}
              extra={(job) => <JobFields jobId={job._id} customerId={customer._id} />}
            />
          ),
          schedule: (customer) => <CustomerSchedule customer={customer} />,
          messages: (customer) => (
            <MessageThread
              me={me}
              customer={customer}
              messageId={messageId}
              canEditCustomer={me.roles.some((r) => r === 'Owner' || r === 'Admin' || r === 'Creator')}
            />
          ),
          payments: (customer) => (
            <CustomerPayments
              actor={actor}
              customer={customer}
              onOpenInvoice={
                canNavigate(actor, 'invoices').ok
                  ? (id) =>
                      void navigate({
                        to: '/invoices/{-$transactionIdOrInvoiceNumber}',
                        params: { transactionIdOrInvoiceNumber: id },
                      })
                  : undefined
              }
            />
          ),
        }}
      />
    );
  },
});
