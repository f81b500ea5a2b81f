import { createFileRoute } from '@tanstack/react-router';
import { MyWorkScreen } from '../../features/visits/mywork-screen';
import { useActor } from '../../lib/me';

export const Route = createFileRoute('/_app/mywork/')({
  staticData: { routeName: 'mywork' },
  validateSearch: (search: Record<string, unknown>): { date?: string } => ({
    date: typeof search.date === 'string' ? search.date : undefined,
  }),
  component: function MyWorkRoute() {
    const { date } = Route.useSearch();
    return <MyWorkScreen actor={useActor()} date={date} />;
  },
});
