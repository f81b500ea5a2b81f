import { createFileRoute } from '@tanstack/react-router';
import { BlockEditorScreen } from '../../features/templates/block-editor/block-editor-screen';

/** `block-editor/{id}` (spec 001 section 2.10): the block editor, its code in this route's chunk only. */
export const Route = createFileRoute('/_app/block-editor/$id')({
  staticData: { routeName: 'block-editor' },
  component: function BlockEditorRoute() {
    const { id } = Route.useParams();
    return <BlockEditorScreen id={id} />;
  },
});
