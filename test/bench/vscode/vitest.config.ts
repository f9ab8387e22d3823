// The bench's end-to-end part in the real VS Code workbench (test/bench/streamBench.ts runs it; `npm test` does not).
import { defineConfig } from 'vitest/config';
import e2e from '../../e2e/vitest.e2e.config';

export default defineConfig({
  test: { ...e2e.test, include: ['test/bench/vscode/**/*.test.ts'] },
});
