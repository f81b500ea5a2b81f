import { createFileRoute } from '@tanstack/react-router';
import { AudienceEditor } from '../../features/send/audience-editor';

export const Route = createFileRoute('/_app/send/audiences/$audienceId/edit')({
  staticData: { routeName: 'send' },
  component: function AudienceEditRoute() {
    return <AudienceEditor audienceId={Route.useParams().audienceId} />;
  },
});
