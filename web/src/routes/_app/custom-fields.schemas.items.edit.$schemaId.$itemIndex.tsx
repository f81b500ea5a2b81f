import { createFileRoute } from '@tanstack/react-router';
import { ItemDialog } from '../../features/custom-fields/item-dialog';
import { SchemaScreen } from '../../features/custom-fields/schema-screen';

/** `/custom-fields/schemas/items/edit/{schemaId}/{itemIndex}`: the item dialog over its collection; `new=true` creates. */
export const Route = createFileRoute('/_app/custom-fields/schemas/items/edit/$schemaId/$itemIndex')({
  staticData: { routeName: 'custom-fields' },
  validateSearch: (search: Record<string, unknown>): { new?: boolean } => ({
    new: search.new === true || search.new === 'true' ? true : undefined,
  }),
  component: function ItemRoute() {
    const { schemaId, itemIndex } = Route.useParams();
    const search = Route.useSearch();
    return (
      <SchemaScreen schemaId={schemaId}>
        <ItemDialog schemaId={schemaId} itemIndex={itemIndex} isNew={search.new === true} />
      </SchemaScreen>
    );
  },
});
