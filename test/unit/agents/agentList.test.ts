// The agents setting: well-typed entries kept, the rest said; the bundled Claude entry is the default and alone gets
// the acpChat.agent.* settings.
import { describe, expect, it } from 'vitest';
import { DEFAULT_AGENTS, launchSettingsFor, parseAgentList, selectedAgent } from '../../../src/agents/agentList';
import { usesBundledAdapter } from '../../../src/agents/agentLaunch';

describe('parseAgentList', () => {
  it('unset or empty: the bundled Claude adapter alone', () => {
    expect(parseAgentList(undefined)).toEqual({ agents: DEFAULT_AGENTS, problems: [] });
    expect(parseAgentList([])).toEqual({ agents: DEFAULT_AGENTS, problems: [] });
  });

  it('keeps well-typed entries in order and says what it ignored', () => {
    const { agents, problems } = parseAgentList([
      { name: 'Claude' },
      { name: 'Gemini', command: 'gemini', args: ['--experimental-acp'], env: { A: '1' } },
      { name: 'Gemini', command: 'other' },
      { command: 'nameless' },
      { name: 'Bad', command: 42 },
      { name: 'Loose', command: 'loose', args: 'no', env: { B: 2 } },
      'text',
    ]);
    expect(agents).toEqual([
      { name: 'Claude', args: [], env: {} },
      { name: 'Gemini', command: 'gemini', args: ['--experimental-acp'], env: { A: '1' } },
      { name: 'Loose', command: 'loose', args: [], env: {} },
    ]);
    expect(problems).toEqual([
      'acpChat.agents[2]: another agent is already named "Gemini"; it was ignored.',
      'acpChat.agents[3] needs a name; it was ignored.',
      'acpChat.agents[4].command must be a string; the agent was ignored.',
      'acpChat.agents[5].args must be a list of strings; it was ignored.',
      'acpChat.agents[5].env must be an object of strings; it was ignored.',
      'acpChat.agents[6] must be an object with a name; it was ignored.',
    ]);
  });

  it('not a list: the default, said', () => {
    expect(parseAgentList({ name: 'x' })).toEqual({ agents: DEFAULT_AGENTS, problems: ['acpChat.agents must be a list of agents; it was ignored.'] });
  });
});

describe('selectedAgent and launchSettingsFor', () => {
  const agents = parseAgentList([
    { name: 'Claude', env: { X: 'claude' } },
    { name: 'Other', command: '/bin/agent', args: ['--acp'], env: { X: 'other' } },
  ]).agents;

  it('the picked agent, else the first one', () => {
    expect(selectedAgent(agents, 'Other').name).toBe('Other');
    expect(selectedAgent(agents, 'Removed').name).toBe('Claude');
    expect(selectedAgent(agents, undefined).name).toBe('Claude');
  });

  it('another agent runs as listed, without the Claude settings: it is not the bundled adapter', () => {
    const s = launchSettingsFor(selectedAgent(agents, 'Other'), { path: '/claude/replacement', args: ['x'], env: { Y: 'claude-only' } });
    expect(s).toEqual({ path: '/bin/agent', args: ['--acp'], env: { X: 'other' } });
    expect(usesBundledAdapter(s)).toBe(false);
  });

  it('the Claude entry keeps acpChat.agent.*, its own env over theirs', () => {
    expect(launchSettingsFor(agents[0]!, { env: { X: 'setting', Y: 'y' } })).toEqual({ env: { X: 'claude', Y: 'y' } });
    expect(usesBundledAdapter(launchSettingsFor(agents[0]!, {}))).toBe(true);
  });
});
