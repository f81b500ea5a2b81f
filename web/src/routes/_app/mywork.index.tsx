import { createFileRoute } from '@tanstack/react-router';
import { useVisitChips } from '../../features/custom-fields/visit-chips';
import { MyWorkScreen } from '../../features/visits/mywork-screen';
import { useActor } from '../../lib/me';

export const Route = createFileRoute('/_app/mywork/')({
  staticData: { routeName: 'mywork' },
  validateSearch: (search: Record<string, unknown>): { date?: string } => ({
    date: typeof search.date === 'string' ? search.date : undefined,
  }),
  component: function MyWorkRoute() {
    const { date } = Route.useSearch();
    // Each visit's custom-fields progress is the custom-fields area's.
    return <MyWorkScreen actor={useActor()} date={date} chip={useVisitChips()} />;
  },
});
