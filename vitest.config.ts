import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

// The web app's React is web/node_modules/react (19); the root holds an older hoisted copy that
// @tanstack/react-query would otherwise load, giving two Reacts. Resolve every import of React to
// the web app's copy (web/vite.config.ts needs the same for the app: `resolve.dedupe`).
const webReact = fileURLToPath(new URL('./web/node_modules/react', import.meta.url));

const exclude = ['**/node_modules/**', 'web/e2e/**', 'web/dist/**', '.data/**', '.sst/**', 'cdk.out/**'];
const shared = ['packages/**/*.test.ts', 'functions/**/*.test.ts'];

/** Unit and integration tests of every workspace; browser tests (web/e2e) run under Playwright. */
export default defineConfig({
  resolve: {
    alias: [
      { find: /^react$/, replacement: `${webReact}/index.js` },
      { find: /^react\/(.*)$/, replacement: `${webReact}/$1` },
    ],
  },
  test: {
    server: { deps: { inline: [/@tanstack\/react-query/, /@testing-library\/react/, /radix-ui/] } },
    // Integration tests sign up users (scrypt) and talk to the local engines, and some set-ups
    // generate the town data set: on a busy 2-core machine the defaults (5 s, 10 s) are not
    // enough for the slower ones. A hung test still fails.
    testTimeout: 20_000,
    hookTimeout: 60_000,
    exclude,
    // Node 20 is the chosen runtime (DESIGN.md section 6): silence the AWS SDK's notice about Node 22.
    // ROUNDWISE_LOG=off: no app log lines from the servers tests start (functions/src/log.ts).
    env: { AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED: 'true', ROUNDWISE_LOG: 'off' },
    /**
     * Most of a server test file's time is importing the app (the AWS SDK, every area), not its
     * tests: the files of packages/ and functions/ share one worker that imports it once
     * (`isolate: false`; they keep no state between files: each starts its own engine and table).
     * The web's files (jsdom, mocks), the runtime's (child processes, kill points) and the stacks'
     * (environment variables) each get a fresh worker. docs/testing.md.
     */
    projects: [
      { extends: true, test: { name: 'server', include: shared, isolate: false } },
      {
        extends: true,
        test: {
          name: 'isolated',
          include: ['**/*.test.ts', '**/*.test.tsx'],
          exclude: [...exclude, ...shared],
        },
      },
    ],
  },
});
