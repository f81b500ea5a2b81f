import { createFileRoute } from '@tanstack/react-router';
import { LayoutEditorScreen } from '../../features/portal/layout-editor/layout-editor';

/** The portal directory's layout editor tab (spec 002 section 2.5; Ultimate, others an upgrade prompt). */
export const Route = createFileRoute('/_app/portal-directory/layouts')({
  staticData: { routeName: 'portal-directory' },
  component: LayoutEditorScreen,
});
