// The adapter's own pace, for the streaming bench: a bare ACP client (the SDK and nothing of ACP Chat) that starts the
// real adapter (behind the bench's relay, as the chat's is, when `relay` is given), sends one prompt and only records
// when each agent_message_chunk arrives.
import { spawn } from 'node:child_process';
import { Readable, Writable } from 'node:stream';
import * as acp from '@agentclientprotocol/sdk';

export interface BareRun {
  chunks: number;
  /** The first and last agent_message_chunk's arrival (epoch ms, sub-millisecond). */
  first: number;
  last: number;
}

export async function bareClientRun(opts: {
  node: string;
  adapter: string;
  relay?: string;
  env: Record<string, string>;
  cwd: string;
  prompt: string;
  /** Called just before the prompt is sent and as soon as it is answered (before the agent ends). */
  aroundPrompt?: (when: 'before' | 'after') => void;
}): Promise<BareRun> {
  const now = () => performance.timeOrigin + performance.now();
  const arrivals: number[] = [];
  const child = spawn(opts.node, opts.relay ? [opts.relay, opts.adapter] : [opts.adapter], { cwd: opts.cwd, env: opts.env, stdio: ['pipe', 'pipe', 'ignore'] });
  try {
    const app = acp
      .client({ name: 'bare-bench-client' })
      .onNotification(acp.methods.client.session.update, (ctx) => {
        if (ctx.params.update.sessionUpdate === 'agent_message_chunk') arrivals.push(now());
      })
      .onRequest(acp.methods.client.session.requestPermission, () => ({ outcome: { outcome: 'cancelled' as const } }));
    const conn = app.connect(
      acp.ndJsonStream(Writable.toWeb(child.stdin) as WritableStream<Uint8Array>, Readable.toWeb(child.stdout) as ReadableStream<Uint8Array>),
    );
    await conn.agent.request(acp.methods.agent.initialize, { protocolVersion: acp.PROTOCOL_VERSION, clientCapabilities: {} });
    const { sessionId } = await conn.agent.request(acp.methods.agent.session.new, { cwd: opts.cwd, mcpServers: [] });
    opts.aroundPrompt?.('before');
    await conn.agent.request(acp.methods.agent.session.prompt, { sessionId, prompt: [{ type: 'text', text: opts.prompt }] });
    opts.aroundPrompt?.('after');
    return { chunks: arrivals.length, first: arrivals[0] ?? 0, last: arrivals[arrivals.length - 1] ?? 0 };
  } finally {
    child.kill();
  }
}
