import { createFileRoute, Outlet } from '@tanstack/react-router';

/** `portal-directory`: its tabs' frame (spec 002 section 2.5). */
export const Route = createFileRoute('/_app/portal-directory')({
  staticData: { routeName: 'portal-directory' },
  component: Outlet,
});
