// The highlight worker's bundled source, embedded by scripts/build.mjs (see highlightWorker.ts).
declare module 'highlight-worker-source' {
  const source: string;
  export default source;
}
