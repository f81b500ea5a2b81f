import { createFileRoute } from '@tanstack/react-router';
import { AudienceEditor } from '../../features/send/audience-editor';

/** `/send/audiences/{id}`: the audience with its preview, editable in place. */
export const Route = createFileRoute('/_app/send/audiences/$audienceId/')({
  staticData: { routeName: 'send' },
  component: function AudienceRoute() {
    return <AudienceEditor audienceId={Route.useParams().audienceId} />;
  },
});
