import { createFileRoute, notFound } from '@tanstack/react-router';
import { RoundsScreen } from '../../features/rounds/rounds-screen';
import { useActor, useMe } from '../../lib/me';
import { optionalString } from '../../lib/search-params';

/** Spec 000 section 2.4: `rounds` (Active) and `rounds/pending` (Quote); `?round=<id>` opens a round. */
export const Route = createFileRoute('/_app/rounds/{-$tab}')({
  staticData: { routeName: 'rounds' },
  validateSearch: (search: Record<string, unknown>): { round?: string } => ({
    round: optionalString(search.round, (s) => s.length <= 64),
  }),
  beforeLoad: ({ params }) => {
    if (params.tab !== undefined && params.tab !== 'pending') throw notFound();
  },
  component: function RoundsRoute() {
    const { tab } = Route.useParams();
    const { round } = Route.useSearch();
    const navigate = Route.useNavigate();
    const me = useMe();
    return (
      <RoundsScreen
        key={tab ?? 'active'}
        actor={useActor()}
        tab={tab === 'pending' ? 'pending' : 'active'}
        roundId={round}
        currency={me.account.settings.currency}
        onOpenRound={(id) => void navigate({ search: id ? { round: id } : {}, params: (p) => p })}
      />
    );
  },
});
