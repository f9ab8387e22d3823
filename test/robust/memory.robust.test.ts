// Area 7, bounded memory: a command streams 50 MB of output (`_meta.terminal_output`, 64 KB chunks) and a tool
// returns 8 MB of text, through the real AcpClient, Session, reducer and TranscriptPublisher (what the extension
// host keeps and posts to the chat). The host model keeps at most MAX_TERMINAL_OUTPUT / MAX_TOOL_TEXT with an
// "output truncated" count, the tail of the output is intact, and the heap stays under the stated bound.
import { runInNewContext } from 'node:vm';
import { setFlagsFromString } from 'node:v8';
import { afterAll, describe, expect, it } from 'vitest';
import { AcpClient } from '../../src/acpClient';
import { MAX_TERMINAL_OUTPUT, MAX_TOOL_TEXT } from '../../src/acpClient/toolCallMerge';
import { TranscriptPublisher } from '../../src/webview/host/transcriptPublisher';
import { recordingLogger, startFakeAgent } from '../unit/acpClient/inProcessAgent';
import { check, record, tally, type Tally } from './figures';

const tallies: Tally[] = [];
afterAll(() => tallies.forEach(record));

/** The stated bound: heap growth of the host side while 50 MB stream through it. */
const HEAP_BOUND_MB = 64;
const CHUNK = 64 * 1024;
const TOTAL = 50 * 1024 * 1024;

const lineOf = (i: number) => `${String(i).padStart(8, '0')} ${'y'.repeat(63)}\n`;
const LINE = lineOf(0).length;

setFlagsFromString('--expose-gc');
const gc = runInNewContext('gc') as () => void;
const heapMb = () => {
  gc();
  return process.memoryUsage().heapUsed / 2 ** 20;
};

describe('bounded memory', () => {
  it('50 MB of command output and 8 MB of tool text stay bounded in the host model, with a truncation marker', async () => {
    const t = tally('bounded memory: 50 MB output stream');
    tallies.push(t);
    let peak = 0;
    let base = 0;
    const chunks = Math.ceil(TOTAL / CHUNK);
    const agent = startFakeAgent({
      prompt: async (ctx) => {
        const sessionId = ctx.params.sessionId;
        const send = (update: object) => ctx.client.notify('session/update', { sessionId, update } as never);
        await send({ sessionUpdate: 'tool_call', toolCallId: 'bash', title: 'yes', kind: 'execute', status: 'in_progress' });
        for (let i = 0; i < chunks; i++) {
          await send({
            sessionUpdate: 'tool_call_update',
            toolCallId: 'bash',
            _meta: { terminal_output: { terminal_id: 'bash', data: lineOf(i).repeat(Math.floor(CHUNK / LINE)) } },
          });
          if (i % 64 === 0) peak = Math.max(peak, heapMb() - base);
        }
        await send({ sessionUpdate: 'tool_call_update', toolCallId: 'bash', status: 'completed', _meta: { terminal_exit: { exit_code: 0, signal: null } } });
        await send({
          sessionUpdate: 'tool_call',
          toolCallId: 'read',
          title: 'Read big.log',
          kind: 'read',
          status: 'completed',
          content: [{ type: 'content', content: { type: 'text', text: 'r'.repeat(8 * 1024 * 1024) } }],
        });
        return { stopReason: 'end_turn' };
      },
    });
    const client = await AcpClient.start({
      process: agent.process,
      hooks: { requestPermission: () => undefined },
      logger: recordingLogger(),
      clientInfo: { name: 'robust', version: '0' },
      terminalOutput: true,
    });
    const session = await client.newSession('/w');
    let posted = 0;
    let lastPost = '';
    const publisher = new TranscriptPublisher({
      post: (m) => ((lastPost = JSON.stringify(m)), (posted += lastPost.length)),
      getMeta: () => session.snapshot().meta,
    });
    session.onDidChange((changes) => publisher.push(changes));
    base = heapMb();
    await session.prompt([{ type: 'text', text: 'yes' }]);
    // What is still scheduled for the chat is posted now, so the heap is measured with the chat's copy in it too.
    publisher.flush();
    peak = Math.max(peak, heapMb() - base);
    t.generated = chunks + 1;

    const entries = session.snapshot().entries;
    const bash = entries.find((e) => e.kind === 'tool' && e.toolCall.toolCallId === 'bash');
    const read = entries.find((e) => e.kind === 'tool' && e.toolCall.toolCallId === 'read');
    if (
      check(t, bash?.kind === 'tool' && read?.kind === 'tool', 'a tool call is missing from the transcript', 'dataLost') &&
      bash?.kind === 'tool' &&
      read?.kind === 'tool'
    ) {
      // Every chunk reached the session: what it kept plus what it counted as dropped is what was sent.
      const out = bash.toolCall.terminalOutput ?? '';
      const sent = chunks * Math.floor(CHUNK / LINE) * LINE;
      const kept = (bash.toolCall.terminalOutputDropped ?? 0) + out.length;
      if (kept === sent) t.reached = t.generated;
      check(t, out.length <= MAX_TERMINAL_OUTPUT, `terminal output kept ${out.length} characters`);
      check(t, kept === sent, `kept ${out.length} + dropped ${bash.toolCall.terminalOutputDropped} ≠ sent ${sent}`, 'dataLost');
      check(t, out.endsWith(lineOf(chunks - 1)), 'the tail of the output is not the last chunk', 'dataLost');
      check(t, bash.toolCall.terminalExit?.exitCode === 0, 'the exit code was lost', 'dataLost');
      const c = read.toolCall.content[0];
      const text = c?.type === 'content' && c.content.type === 'text' ? c.content.text : '';
      check(t, text.length <= MAX_TOOL_TEXT + 200 && /output truncated/.test(text), `tool text kept ${text.length} characters without a marker`);
    }
    // The bound is asserted: a heap that grows past it fails the area.
    check(t, peak <= HEAP_BOUND_MB, `heap grew by ${peak.toFixed(0)} MB (bound ${HEAP_BOUND_MB} MB)`);
    t.note = `heap growth peak ${peak.toFixed(0)} MB (bound ${HEAP_BOUND_MB} MB), ${(posted / 2 ** 20).toFixed(0)} MB posted to the chat`;
    client.dispose();
    expect(t.samples).toEqual([]);
  });
});
