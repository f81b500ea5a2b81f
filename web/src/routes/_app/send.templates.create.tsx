import { createFileRoute } from '@tanstack/react-router';
import { TemplateWizard } from '../../features/templates/template-wizard';
import { useActor } from '../../lib/me';

/** `/send/templates/create`: the create wizard. */
export const Route = createFileRoute('/_app/send/templates/create')({
  staticData: { routeName: 'send' },
  component: () => <TemplateWizard actor={useActor()} />,
});
