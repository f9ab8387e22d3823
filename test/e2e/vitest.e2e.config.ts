// Browser end-to-end tests in the real VS Code workbench (test/testbed). Separate from the unit/integration config:
// they need the provisioned bed (node test/testbed/provision.mjs) and start a server and Chromium per file.
import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['test/e2e/**/*.e2e.test.ts'],
    // One workbench at a time: the machine has 2 cores and each bed runs a server, an extension host and Chromium.
    fileParallelism: false,
    testTimeout: 90_000,
    hookTimeout: 120_000,
    // No retries: a test that passes only on its second try hides a race (find it instead).
    retry: 0,
    reporters: ['default'],
  },
});
