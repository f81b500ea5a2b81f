import { createFileRoute } from '@tanstack/react-router';
import { CUSTOMER_TABS, CustomerDetail, type CustomerTab } from '../../features/customers/customer-detail';
import { CustomerList } from '../../features/customers/customer-list';
import { CustomerJobs, CustomerSchedule } from '../../features/jobs/customer-jobs';

/** `customers/{customerId?}/{tab?}` (spec 000 section 2.3: Core; Owner, Admin, Creator). */
export const Route = createFileRoute('/_app/customers/{-$customerId}/{-$tab}')({
  staticData: { routeName: 'customers' },
  component: function CustomersRoute() {
    const { customerId, tab } = Route.useParams();
    if (!customerId) return <CustomerList />;
    const current: CustomerTab = CUSTOMER_TABS.includes(tab as CustomerTab)
      ? (tab as CustomerTab)
      : 'overview';
    return (
      <CustomerDetail
        customerId={customerId}
        tab={current}
        tabs={{
          jobs: (customer) => <CustomerJobs customer={customer} />,
          schedule: (customer) => <CustomerSchedule customer={customer} />,
        }}
      />
    );
  },
});
