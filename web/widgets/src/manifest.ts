/**
 * The build's map from a widget's name to its module and the modules it imports (so the loader can
 * fetch them side by side, not one after another). Written by `web/widgets/vite.config.ts` into
 * the loader and the frame runtime at build time.
 */
export type WidgetManifest = Record<string, { file: string; imports: string[] }>;

declare const __WIDGET_MANIFEST__: WidgetManifest;

export const MANIFEST: WidgetManifest = __WIDGET_MANIFEST__;

/** The URL of a built file, from the origin that served the script (the portal's). */
export const builtUrl = (origin: string, file: string) => `${origin}/${file}`;

/**
 * Imports a widget's module, its imports fetched in parallel first. Unknown names answer undefined:
 * a page naming a widget this build does not have shows nothing rather than failing the others.
 */
export function importWidget(origin: string, name: string): Promise<unknown> | undefined {
  const entry = Object.hasOwn(MANIFEST, name) ? MANIFEST[name] : undefined;
  if (!entry) return undefined;
  for (const file of entry.imports) preload(builtUrl(origin, file));
  return import(/* @vite-ignore */ builtUrl(origin, entry.file));
}

/**
 * The chunks the public widgets share (preact, the widget runtime), fetched at once: a layout's
 * widgets are known only once the portal's data has come, and this saves waiting for it first.
 */
export function preloadShared(origin: string, isPublic: (name: string) => boolean) {
  for (const [name, entry] of Object.entries(MANIFEST))
    if (isPublic(name)) for (const file of entry.imports) preload(builtUrl(origin, file));
}

const preloaded = new Set<string>();
function preload(href: string) {
  if (preloaded.has(href)) return;
  preloaded.add(href);
  const link = document.createElement('link');
  link.rel = 'modulepreload';
  link.href = href;
  link.crossOrigin = 'anonymous';
  document.head.append(link);
}
