import { readdirSync } from 'node:fs';
import { basename, join, resolve } from 'node:path';
import { build, defineConfig, type Plugin } from 'vite';
import { reservedHeight } from '../../packages/core/src/portal/grid.ts';
// By path, not the package name: Vite bundles a config's relative imports (TypeScript) and leaves
// packages to Node, which cannot load core's .ts files.
import { widgets } from '../../packages/core/src/portal/widgets.ts';

/**
 * The widgets bundle, apart from the staff app: `npm run build -w web` runs it after the app's build,
 * into the same `web/dist` (so the site serves both, and the staff app's service worker, written by
 * the first build, never precaches it). Two steps:
 * 1. each widget (`src/widgets/<name>.tsx`) an ES module with preact, split into shared chunks,
 *    under `assets/w/` with content hashes (cached forever);
 * 2. the loader `widgets.js` and the frame runtime `widgets-frame.js`: one classic script each
 *    (the business pastes a plain `<script async>` tag), at fixed names (revalidated), with the
 *    map from widget name to its hashed module written in.
 * docs/portal.md says how to add a widget.
 */
const here = import.meta.dirname;
const outDir = resolve(here, '..', 'dist');
const widgetsDir = join(here, 'src', 'widgets');

const widgetEntries = Object.fromEntries(
  readdirSync(widgetsDir)
    .filter((file) => file.endsWith('.tsx') && !file.includes('.test.'))
    .map((file) => [basename(file, '.tsx'), join(widgetsDir, file)]),
);

type Manifest = Record<string, { file: string; imports: string[] }>;

/**
 * The catalogue's facts the loader needs before any request (`packages/core/src/portal/widgets.ts`):
 * whether a widget runs in a frame, the auth state it needs, and its least height in px.
 */
const catalogue = Object.fromEntries(
  Object.entries(widgets).map(([name, w]) => [
    name,
    { framed: w.framed, auth: w.auth, minHeight: reservedHeight(w.min.h) },
  ]),
);
const define = { __WIDGET_CATALOGUE__: JSON.stringify(catalogue) };

/** Step 2, run once step 1 has written its files: the two classic scripts with the manifest. */
function classicScripts(): Plugin {
  const manifest: Manifest = {};
  return {
    name: 'roundwise-widget-scripts',
    apply: 'build',
    generateBundle(_options, bundle) {
      for (const chunk of Object.values(bundle)) {
        if (chunk.type !== 'chunk' || !chunk.isEntry) continue;
        manifest[chunk.name] = { file: chunk.fileName, imports: chunk.imports };
      }
    },
    async closeBundle() {
      for (const [name, entry] of [
        ['widgets', 'src/loader.ts'],
        ['widgets-frame', 'src/frame.ts'],
      ] as const) {
        await build({
          configFile: false,
          logLevel: 'warn',
          define: { ...define, __WIDGET_MANIFEST__: JSON.stringify(manifest) },
          build: {
            outDir,
            emptyOutDir: false,
            sourcemap: true,
            lib: {
              entry: resolve(here, entry),
              formats: ['iife'],
              name: 'RoundwiseWidgets',
              fileName: () => `${name}.js`,
            },
          },
        });
      }
    },
  };
}

export default defineConfig({
  root: here,
  define,
  oxc: { jsx: { runtime: 'automatic', importSource: 'preact' } },
  plugins: [classicScripts()],
  build: {
    outDir,
    emptyOutDir: false,
    sourcemap: true,
    modulePreload: false,
    rolldownOptions: {
      input: widgetEntries,
      preserveEntrySignatures: 'exports-only',
      output: {
        format: 'es',
        entryFileNames: 'assets/w/[name]-[hash].js',
        chunkFileNames: 'assets/w/[hash].js',
        // What every widget needs (preact, its hooks, the runtime, the words) in one chunk: a
        // layout's first paint waits for one file, not five, alongside its own widgets' (a
        // browser opens six connections to a host over HTTP/1.1, and queued the rest).
        codeSplitting: {
          groups: [
            {
              name: 'runtime',
              test: /node_modules[\\/]preact[\\/]|widgets[\\/]src[\\/](api|base-css|context|define-widget|text|use-session)\.tsx?$|widgets[\\/]src[\\/]en-GB\.json$/,
            },
          ],
        },
      },
    },
  },
});
