import { createFileRoute } from '@tanstack/react-router';

/** Placeholder until the layout editor lands (replaced at merge by the editor's own route file). */
export const Route = createFileRoute('/_app/portal-directory/layouts')({
  staticData: { routeName: 'portal-directory' },
  component: () => <h2 className="text-lg font-semibold">Layouts</h2>,
});
