import tailwindcss from '@tailwindcss/vite';
import { tanstackRouter } from '@tanstack/router-plugin/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { VitePWA } from 'vite-plugin-pwa';

/** The staff app. `npm run build -w web` writes web/dist, which the local runtime serves. */
export default defineConfig({
  plugins: [
    // Must come before the React plugin: it rewrites route files into lazy chunks.
    tanstackRouter({ target: 'react', autoCodeSplitting: true, routesDirectory: 'src/routes' }),
    react(),
    tailwindcss(),
    VitePWA({
      registerType: 'autoUpdate',
      injectRegister: 'script-defer',
      includeAssets: ['favicon.svg', 'apple-touch-icon.png'],
      manifest: {
        name: 'Roundwise',
        short_name: 'Roundwise',
        description: 'Rounds, customers and payments for window cleaners.',
        lang: 'en-GB',
        start_url: '/',
        scope: '/',
        display: 'standalone',
        theme_color: '#4f46e5',
        background_color: '#ffffff',
        icons: [
          { src: 'pwa-192x192.png', sizes: '192x192', type: 'image/png' },
          { src: 'pwa-512x512.png', sizes: '512x512', type: 'image/png' },
          { src: 'maskable-512x512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
        ],
      },
      workbox: {
        // The whole app shell (every lazy route chunk too), so a reload with no signal opens the app.
        globPatterns: ['**/*.{js,mjs,css,html,svg,png,ico,webmanifest}'],
        navigateFallback: 'index.html',
        // The customer's pages (/go/...) are the server's: a link opened where the app is
        // installed (a preview, a copied link) must reach them, not the app shell. So must the
        // customer portal's pages (/portal/...).
        navigateFallbackDenylist: [/^\/api\//, /^\/go\//, /^\/portal\//],
        cleanupOutdatedCaches: true,
        // Take control of the page that installed the worker, not only of the next one: without it
        // a first visit that loses signal before any reload cannot open screens not yet loaded.
        clientsClaim: true,
      },
    }),
  ],
  // react sits in both web/node_modules and the root one (testing-library's copy): one instance only.
  resolve: { dedupe: ['react', 'react-dom'] },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    sourcemap: true,
    // No preload lists: each lazy route import would carry the list of every chunk it reaches
    // (7 KB gzip of the first download across ~100 routes, growing with each). The service worker
    // precaches every chunk during the first visit, so later visits read them from the cache, and
    // a first landing measured the same with and without them (400 ms round trips, no worker).
    modulePreload: false,
    rolldownOptions: {
      output: {
        // Lazy chunks by hash alone: the entry lists every chunk a route may preload, and each chunk
        // names the chunks it imports, so long route-derived names were ~3 KB gzip of the first
        // load. Source maps still name every module.
        chunkFileNames: 'assets/[hash].js',
        // The entry's static imports (react-dom, the router, i18next, zod...) in the entry's one
        // file instead of some fifteen: the sign-in page needs them all before its first paint, and
        // one file gzips smaller than many and costs one request. Lazy chunks split as before.
        codeSplitting: {
          groups: [{ name: 'boot', tags: ['$initial'] }],
        },
      },
    },
  },
  server: {
    // `npm run dev -w web` beside `npm start`: the API stays on the runtime's port.
    proxy: { '/api': `http://localhost:${process.env.PORT ?? 3000}` },
  },
});
