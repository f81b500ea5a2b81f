import { createFileRoute } from '@tanstack/react-router';
import { AccountScreen } from '../../features/account/account-screen';
import { useMe } from '../../lib/me';

export const Route = createFileRoute('/_app/account/')({
  staticData: { routeName: 'account' },
  component: () => <AccountScreen me={useMe()} />,
});
