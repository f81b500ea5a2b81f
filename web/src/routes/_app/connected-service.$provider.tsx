import { createFileRoute } from '@tanstack/react-router';
import { ConnectedScreen } from '../../features/banking/connected-screen';

export const Route = createFileRoute('/_app/connected-service/$provider')({
  staticData: { routeName: 'connected-service' },
  validateSearch: (search: Record<string, unknown>): { code?: string; error?: string } => ({
    ...(typeof search.code === 'string' ? { code: search.code } : {}),
    ...(typeof search.error === 'string' ? { error: search.error } : {}),
  }),
  component: function ConnectedServiceRoute() {
    const { code, error } = Route.useSearch();
    return <ConnectedScreen code={code} denied={!!error} />;
  },
});
