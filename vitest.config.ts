import { defineConfig } from 'vitest/config';

/** Unit and integration tests of every workspace; browser tests (web/e2e) run under Playwright. */
export default defineConfig({
  test: {
    include: ['**/*.test.ts', '**/*.test.tsx'],
    exclude: ['**/node_modules/**', 'web/e2e/**', 'web/dist/**', '.data/**', '.sst/**', 'cdk.out/**'],
    // Node 20 is the chosen runtime (DESIGN.md section 6): silence the AWS SDK's notice about Node 22.
    env: { AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED: 'true' },
  },
});
