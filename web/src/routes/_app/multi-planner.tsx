import { createFileRoute } from '@tanstack/react-router';
import { MultiPlannerScreen } from '../../features/visits/multi-planner-screen';

export const Route = createFileRoute('/_app/multi-planner')({
  staticData: { routeName: 'multi-planner' },
  validateSearch: (search: Record<string, unknown>): { week?: string } => ({
    week: typeof search.week === 'string' ? search.week : undefined,
  }),
  component: function MultiPlannerRoute() {
    const { week } = Route.useSearch();
    return <MultiPlannerScreen week={week} />;
  },
});
