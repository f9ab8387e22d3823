import { describe, expect, it } from 'vitest';
import { mcpToolName } from '../../../src/acpClient/mcpToolName';

describe('mcpToolName', () => {
  it('splits mcp__<server>__<tool> as Claude Code does: the server up to the next __, the tool the rest', () => {
    expect(mcpToolName('mcp__acp-chat__get_diagnostics')).toEqual({ server: 'acp-chat', tool: 'get_diagnostics' });
    expect(mcpToolName('mcp__files__read__all')).toEqual({ server: 'files', tool: 'read__all' });
  });

  it('is undefined for any other name', () => {
    for (const name of ['Bash', 'mcp__', 'mcp__server', 'mcp__server__', 'mcp____tool', 'xmcp__a__b', undefined, 7]) expect(mcpToolName(name)).toBeUndefined();
  });
});
