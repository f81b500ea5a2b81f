import { Schedule } from '@roundwise/core';
import { createFileRoute } from '@tanstack/react-router';
import { AvailabilityScreen } from '../../features/availability/availability-screen';
import { useActor } from '../../lib/me';

export const Route = createFileRoute('/_app/availability/$')({
  staticData: { routeName: 'availability' },
  validateSearch: (search: Record<string, unknown>): { date?: string } => ({
    date: typeof search.date === 'string' && Schedule.isIsoDate(search.date) ? search.date : undefined,
  }),
  component: function AvailabilityRoute() {
    const { date } = Route.useSearch();
    const navigate = Route.useNavigate();
    return (
      <AvailabilityScreen actor={useActor()} date={date} onDate={(d) => navigate({ search: { date: d } })} />
    );
  },
});
