import { createFileRoute } from '@tanstack/react-router';
import { AboutScreen } from '../../features/about/about-screen';
import { useMe } from '../../lib/me';

export const Route = createFileRoute('/_app/about')({
  staticData: { routeName: 'about' },
  component: () => <AboutScreen developerMode={useMe().developerMode} />,
});
