// Types of buildHostTests.mjs for the TypeScript bench.
export interface HostSuite {
  testsDir: string;
  outDir: string;
}
export const HOST_SUITES: Record<'host' | 'smoke' | 'noFolder' | 'untrusted', HostSuite>;
/** Builds one suite; resolves to the path of the compiled entry (extensionTestsPath). */
export function buildHostTests(suite: HostSuite): Promise<string>;
