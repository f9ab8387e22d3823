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
    // A real workbench on a loaded two-core machine has been seen to drop a keystroke or lag a lazily registered
    // command; one more try of that test (in the same bed) tells such a hiccup from a fault, which fails both times.
    // The default reporter marks a test that needed it ("retry x1"), so flakiness stays visible.
    retry: 1,
    reporters: ['default'],
  },
});
