import { createFileRoute } from '@tanstack/react-router';
import { RouteNotFound } from '../../features/shell/route-not-found';

/** Any other signed-in path: refused by the route table, or not (yet) a screen. */
export const Route = createFileRoute('/_app/$')({
  component: RouteNotFound,
});
