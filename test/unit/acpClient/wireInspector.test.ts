import { PassThrough } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { createWireInspector, inspectAgentLine } from '../../../src/acpClient/wireInspector';

describe('inspectAgentLine', () => {
  it('accepts well-formed messages and blank lines', () => {
    expect(inspectAgentLine('')).toBeUndefined();
    expect(inspectAgentLine('{"jsonrpc":"2.0","id":1,"result":{}}')).toBeUndefined();
    expect(
      inspectAgentLine(
        '{"jsonrpc":"2.0","method":"session/update","params":{"sessionId":"s","update":{"sessionUpdate":"tool_call","toolCallId":"t","title":"x"}}}',
      ),
    ).toBeUndefined();
  });

  it('names non-JSON lines, batches and bare values', () => {
    expect(inspectAgentLine('this is not json {')).toMatch(/not a JSON-RPC message/);
    expect(inspectAgentLine('[{"jsonrpc":"2.0"}]')).toMatch(/not a JSON-RPC message/);
    expect(inspectAgentLine('42')).toMatch(/not a JSON-RPC message/);
  });

  it('names unknown session/update variants', () => {
    const line = '{"jsonrpc":"2.0","method":"session/update","params":{"sessionId":"s","update":{"sessionUpdate":"bogus_variant"}}}';
    expect(inspectAgentLine(line)).toMatch(/unknown session\/update variant "bogus_variant"/);
  });
});

describe('createWireInspector', () => {
  it('passes every byte through unchanged and logs problems across chunk boundaries', async () => {
    const errors: string[] = [];
    const logger = { info() {}, warn() {}, error: (m: string) => errors.push(m) };
    const inspector = createWireInspector(logger);
    const out = new PassThrough();
    inspector.pipe(out);
    const received: Buffer[] = [];
    out.on('data', (c: Buffer) => received.push(c));
    const input = '{"jsonrpc":"2.0","id":1,"result":{}}\nnot j' + 'son\n{"jsonrpc":"2.0","id":2,"result":{}}\n';
    inspector.write(input.slice(0, 40));
    inspector.write(input.slice(40));
    inspector.end();
    await new Promise((r) => out.on('end', r));
    expect(Buffer.concat(received).toString()).toBe(input);
    expect(errors).toHaveLength(1);
    expect(errors[0]).toContain('"not json"');
  });
});
