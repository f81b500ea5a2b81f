import { createFileRoute, useNavigate } from '@tanstack/react-router';
import { PaymentsScreen } from '../../features/payments/payments-screen';
import { useActor } from '../../lib/me';
import { optionalOneOf } from '../../lib/search-params';

/** `payments` (spec 000 section 2.3: Core); `?view=duplicates` is the duplicate-payments list. */
export const Route = createFileRoute('/_app/payments')({
  staticData: { routeName: 'payments' },
  validateSearch: (search: Record<string, unknown>): { view?: 'payments' | 'duplicates' } => ({
    view: optionalOneOf(search.view, ['payments', 'duplicates'] as const),
  }),
  component: function Payments() {
    const { view } = Route.useSearch();
    const navigate = useNavigate();
    return (
      <PaymentsScreen
        actor={useActor()}
        view={view ?? 'payments'}
        onView={(next) =>
          void navigate({ to: '/payments', search: { view: next === 'payments' ? undefined : next } })
        }
      />
    );
  },
});
