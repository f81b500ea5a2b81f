import { createFileRoute } from '@tanstack/react-router';
import { SetupWizard } from '../../features/portal/directory/setup-wizard';

/** `/portal-directory/setup`: the three-step setup wizard (spec 002 section 2.5). */
export const Route = createFileRoute('/_app/portal-directory/setup')({
  staticData: { routeName: 'portal-directory' },
  component: SetupWizard,
});
