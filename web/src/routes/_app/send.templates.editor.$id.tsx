import { createFileRoute } from '@tanstack/react-router';
import { BlockEditorScreen } from '../../features/templates/block-editor/block-editor-screen';

/**
 * `/send/templates/editor/{id}` (spec 002 section 2.7): the block editor inside the send module.
 * Behind the block-editor beta flag as `block-editor/{id}` is (section 6).
 */
export const Route = createFileRoute('/_app/send/templates/editor/$id')({
  staticData: { routeName: 'block-editor' },
  component: function TemplateEditorRoute() {
    const { id } = Route.useParams();
    return <BlockEditorScreen id={id} />;
  },
});
