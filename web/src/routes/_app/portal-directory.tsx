import { createFileRoute, Outlet } from '@tanstack/react-router';

/** The portal directory (spec 002 section 2.5): its tabs' screens. */
export const Route = createFileRoute('/_app/portal-directory')({
  staticData: { routeName: 'portal-directory' },
  component: Outlet,
});
