#!/usr/bin/env node
// The streaming bench's agent (test/bench/vscode/streaming.test.ts): the real adapter, with this relay between it and
// the extension. Both pipes pass through unchanged; the relay stamps when it hands each of the adapter's
// agent_message_chunk updates to the extension's pipe (epoch milliseconds, sub-millisecond), which is "the adapter's
// last session/update on the wire" as the extension receives it. Every stamp goes to ACP_BENCH_WIRE_OUT once the
// adapter has been quiet for a moment, and when it exits; the bench takes each reply's from its own time window.
import { spawn } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { StringDecoder } from 'node:string_decoder';

const [entry, ...args] = process.argv.slice(2);
const out = process.env.ACP_BENCH_WIRE_OUT;
const child = spawn(process.execPath, [entry, ...args], { stdio: ['pipe', 'pipe', 'inherit'] });
process.stdin.pipe(child.stdin);

const now = () => performance.timeOrigin + performance.now();
// `host`: the relay's parent, the process that spawned the agent (the extension host, or the bare client).
const stamps = { host: process.ppid, times: [] };
const decoder = new StringDecoder('utf8');
let pending = '';
let quiet;
const flush = () => {
  if (out) writeFileSync(out, JSON.stringify(stamps));
};

child.stdout.on('data', (buf) => {
  process.stdout.write(buf);
  const at = now();
  pending += decoder.write(buf);
  for (let nl = pending.indexOf('\n'); nl >= 0; nl = pending.indexOf('\n')) {
    const line = pending.slice(0, nl);
    pending = pending.slice(nl + 1);
    if (line.includes('"session/update"') && line.includes('"agent_message_chunk"')) {
      stamps.times.push(at);
    }
  }
  clearTimeout(quiet);
  quiet = setTimeout(flush, 250);
});
child.on('exit', (code, signal) => {
  clearTimeout(quiet);
  flush();
  process.exit(code ?? (signal ? 1 : 0));
});
process.on('SIGTERM', () => child.kill('SIGTERM'));
