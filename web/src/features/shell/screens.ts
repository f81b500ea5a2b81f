/** A route of the router's tree, as far as the screens' list needs it. */
export interface RouteNode {
  options: { staticData?: { routeName?: string } };
  children?: unknown;
}

/**
 * Route names that have a screen in this build (the drawer lists only these; the landing skips
 * the others), read from the router's tree: every screen's route file declares its route-table
 * name (`staticData.routeName`), so adding a screen is its route file and nothing here.
 * `block-editor` is in the set as its route file is: it has no drawer section and is no default
 * route, so the drawer and the landing are as before.
 */
export function screensOf(tree: RouteNode): ReadonlySet<string> {
  const names = new Set<string>();
  const visit = (route: RouteNode) => {
    const name = route.options.staticData?.routeName;
    if (name) names.add(name);
    // The generated tree holds children as an object by id, a hand-built one as an array.
    for (const child of Object.values(route.children ?? {}) as RouteNode[]) visit(child);
  };
  visit(tree);
  return names;
}
