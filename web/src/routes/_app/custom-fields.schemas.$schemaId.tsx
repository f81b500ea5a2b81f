import { createFileRoute } from '@tanstack/react-router';
import { SchemaScreen } from '../../features/custom-fields/schema-screen';

/** `/custom-fields/schemas/{schemaId}`; `editing=true` opens the edit dialog. */
export const Route = createFileRoute('/_app/custom-fields/schemas/$schemaId')({
  staticData: { routeName: 'custom-fields' },
  validateSearch: (search: Record<string, unknown>): { editing?: boolean } => ({
    editing: search.editing === true || search.editing === 'true' ? true : undefined,
  }),
  component: function SchemaRoute() {
    const { schemaId } = Route.useParams();
    const { editing } = Route.useSearch();
    return <SchemaScreen schemaId={schemaId} editing={editing} />;
  },
});
