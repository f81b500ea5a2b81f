import { Schedule } from '@roundwise/core';
import { createFileRoute } from '@tanstack/react-router';
import { TrackerScreen } from '../../features/tracker/tracker-screen';

export const Route = createFileRoute('/_app/tracker/$')({
  staticData: { routeName: 'tracker' },
  validateSearch: (search: Record<string, unknown>): { date?: string } => ({
    date: typeof search.date === 'string' && Schedule.isIsoDate(search.date) ? search.date : undefined,
  }),
  component: function TrackerRoute() {
    const { date } = Route.useSearch();
    const navigate = Route.useNavigate();
    const view = Route.useParams()._splat || 'home';
    return <TrackerScreen view={view} date={date} onDate={(d) => navigate({ search: { date: d } })} />;
  },
});
