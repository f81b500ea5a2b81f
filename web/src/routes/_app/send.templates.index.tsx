import { createFileRoute } from '@tanstack/react-router';
import { TemplatesScreen } from '../../features/templates/templates-screen';

/** `/send/templates` (spec 002 section 2.7): the template list. */
export const Route = createFileRoute('/_app/send/templates/')({
  staticData: { routeName: 'send' },
  component: TemplatesScreen,
});
