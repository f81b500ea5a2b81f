import { createFileRoute } from '@tanstack/react-router';
import { AudienceEditor } from '../../features/send/audience-editor';

export const Route = createFileRoute('/_app/send/audiences/create')({
  staticData: { routeName: 'send' },
  component: () => <AudienceEditor />,
});
