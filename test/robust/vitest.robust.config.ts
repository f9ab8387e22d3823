// The reliability and security suite (npm run test:robust): fuzzing, hostile content in Chromium, paths, concurrency,
// bounded memory, crash injection, model failures. One file at a time: several start agent processes or a browser
// and the machines have two cores. Each area counts its cases into test-results/robust-figures.jsonl (figures.ts).
import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['test/robust/**/*.robust.test.ts'],
    environment: 'node',
    fileParallelism: true,
    maxWorkers: 2,
    testTimeout: 240_000,
    hookTimeout: 120_000,
  },
});
