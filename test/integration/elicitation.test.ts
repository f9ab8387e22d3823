// AskUserQuestion through the real adapter becomes an `elicitation/create` form; the hook's answer completes the tool.
import { describe, expect, it } from 'vitest';
import { askUserQuestion, COLOR_QUESTION, text } from '../fixtures/fakeAnthropic';
import { timed, toolEntries, useRealAdapter } from '../fixtures/clientHarness';

const FILE = 'elicitation';
const adapter = useRealAdapter(FILE);

describe('AskUserQuestion → elicitation/create', () => {
  it('asks through the hook and the accepted answer reaches the model', async () => {
    const session = await adapter.run.newSession();
    adapter.run.hooks.elicit = (req) => {
      expect(req.signal.aborted).toBe(false);
      return { action: 'accept', content: { question_0: 'Red' } };
    };
    adapter.run.api.setScript([askUserQuestion([COLOR_QUESTION]), text('Red it is.')]);

    const res = await timed(FILE, 'turn: AskUserQuestion + elicitation', () => session.prompt([{ type: 'text', text: 'ask me' }]));

    expect(res.stopReason).toBe('end_turn');
    expect(adapter.run.hooks.elicitations).toHaveLength(1);
    const el = adapter.run.hooks.elicitations[0];
    expect(el.sessionId).toBe(session.id);
    expect(el.params).toMatchObject({ mode: 'form', message: 'Which color do you prefer?' });
    const schema = (el.params as { requestedSchema?: { properties?: Record<string, { oneOf?: { const: string }[] }> } }).requestedSchema;
    expect(schema?.properties?.question_0?.oneOf?.map((o) => o.const)).toEqual(['Red', 'Blue']);
    // No permission request for AskUserQuestion: the question is the permission.
    expect(adapter.run.hooks.permissions).toHaveLength(0);
    const tool = toolEntries(session).find((t) => t.kind === 'other');
    expect(tool?.status).toBe('completed');
    const told = adapter.run.api.mainRequests().at(-1)!.toolResults;
    expect(told).toHaveLength(1);
    expect(told[0].isError).toBe(false);
    expect(told[0].text).toContain('Red');
  });
});
