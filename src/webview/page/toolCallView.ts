// A tool-call card: kind icon, title (wrapped at path separators), status (an icon alone in a narrow card, its word in
// the tooltip and for screen readers: styles.css); the raw input behind a button in its head; content (markdown text, inline diffs, command
// output with ANSI colours, the `_meta.terminal_output` stream), locations, and a slot for its permission card. Quiet
// once done: a finished Read is its head line with "Show what it read", a command's output its last lines.
// Each section re-renders only when its own data changed, so a streaming terminal does not rebuild the diff.
import type { ToolCallContent } from '@agentclientprotocol/sdk';
import { mcpToolName, type ToolCallState, type TranscriptEntry } from '../protocol/protocol';
import { renderAnsi } from './ansi';
import { locationButton, renderNonTextBlocks } from './contentBlocks';
import { type DiffStart, diffStarts, renderDiff } from './diffView';
import { breakAtSeparators, button, h, icon, setChildren } from './dom';
import { l10n } from './l10n';
import { titleNamesPath } from './pathInTitle';
import { TOOL_KIND_ICON, toolDenied, toolStatus } from './labels';
import type { EntryView } from './messageViews';
import type { ViewContext } from './viewContext';

/** Text longer than this is collapsed to its head with a "Show all" button. */
export const OUTPUT_PREVIEW_LINES = 40;
/** A command's output shows its last lines (the errors, the summary line); the rest is behind "Show all". */
export const COMMAND_PREVIEW_LINES = 8;
export const OUTPUT_PREVIEW_CHARS = 8000;

const CONSOLE_FENCE = /^```(?:console|shell|sh|bash)?\n([\s\S]*?)\n?```\s*$/;

export class ToolCallView implements EntryView {
  readonly node: HTMLElement;
  /** Permission cards for this call are mounted here by the transcript. */
  readonly permissionSlot = h('div', { class: 'tool-permission-slot' });
  private readonly kindIcon = h('span', { class: 'tool-kind' });
  private readonly title = h('span', { class: 'tool-title' });
  /** The MCP server of an MCP tool's call, beside the tool's own name. */
  private readonly server = h('span', { class: 'tool-server', 'data-testid': 'tool-server' });
  private readonly status = h('span', { class: 'tool-status' });
  /** The agent's raw input as JSON: what a reviewer checks now and then, so it stays out of the way until asked. */
  private readonly inputPre = h('pre', { class: 'tool-input-json', 'data-testid': 'tool-input', tabindex: 0, 'aria-label': l10n.t('Input') });
  private readonly inputToggle = button(
    l10n.t('Show input'),
    { class: 'icon-btn tool-input-toggle', 'data-testid': 'tool-input-toggle', 'aria-expanded': 'false' },
    icon('json'),
  );
  private readonly content = h('div', { class: 'tool-content' });
  private readonly terminal = h('div', { class: 'tool-terminal' });
  private readonly locations = h('div', { class: 'tool-locations' });
  /** What each section was last rendered from (see `section`). */
  private readonly keys: Record<'head' | 'input' | 'content' | 'terminal' | 'locations', readonly unknown[] | undefined> = {
    head: undefined,
    input: undefined,
    content: undefined,
    terminal: undefined,
    locations: undefined,
  };
  /** Which outputs the user expanded; kept across re-renders. */
  private readonly expanded = new Set<string>();
  private toolCall: ToolCallState | undefined;

  constructor(private readonly ctx: ViewContext) {
    this.node = h(
      'article',
      { class: 'entry tool-card', 'data-testid': 'tool-card' },
      h('header', { class: 'tool-head' }, this.kindIcon, this.title, this.server, this.status, this.inputToggle),
      this.permissionSlot,
      this.inputPre,
      this.content,
      this.terminal,
      this.locations,
    );
    this.inputPre.hidden = true;
    this.inputToggle.addEventListener('click', () => this.toggleInput());
  }

  private toggleInput(): void {
    const show = this.inputPre.hidden;
    this.inputPre.hidden = !show;
    this.inputToggle.setAttribute('aria-expanded', String(show));
    const label = show ? l10n.t('Hide input') : l10n.t('Show input');
    this.inputToggle.setAttribute('aria-label', label);
    this.inputToggle.title = label;
  }

  update(e: TranscriptEntry): void {
    const tc = (e as Extract<TranscriptEntry, { kind: 'tool' }>).toolCall;
    this.toolCall = tc;
    this.node.dataset.toolCallId = tc.toolCallId;
    this.node.dataset.status = denied(tc) ? 'denied' : tc.status;
    this.node.dataset.kind = tc.kind ?? 'other';
    const expanded = [...this.expanded].join(' ');
    this.section('head', [tc.title, tc.kind, tc.status, denied(tc)], () => this.renderHead(tc));
    this.section('input', [tc.rawInput], () => this.renderInput(tc));
    // Locations belong to the content too: they say where each diff is in its file.
    this.section(
      'content',
      [tc.content, tc.locations, tc.title, tc.status === 'failed' && tc.content.length === 0 ? tc.rawOutput : null, denied(tc), expanded],
      () => this.renderContent(tc),
    );
    this.section('terminal', [tc.terminalOutput, tc.terminalOutputDropped, tc.terminalExit, denied(tc), this.expanded.has('terminal')], () =>
      this.renderTerminal(tc),
    );
    this.section('locations', [tc.locations, tc.title], () => this.renderLocations(tc));
  }

  /**
   * Renders a section when one of its parts changed. An append keeps the other fields' objects, so they compare by
   * reference without serialising anything; a whole entry from the host has new objects, compared by their JSON.
   */
  private section(name: keyof ToolCallView['keys'], parts: readonly unknown[], render: () => void): void {
    const prev = this.keys[name];
    if (prev && prev.length === parts.length && prev.every((p, i) => sameValue(p, parts[i]))) return;
    this.keys[name] = parts;
    render();
  }

  private rerender(): void {
    if (this.toolCall) {
      this.keys.content = undefined;
      this.keys.terminal = undefined;
      this.update({ kind: 'tool', id: '', toolCall: this.toolCall, at: 0 });
    }
  }

  private renderHead(tc: ToolCallState): void {
    const st = denied(tc) ? toolDenied() : toolStatus(tc.status);
    setChildren(this.kindIcon, icon((tc.kind && TOOL_KIND_ICON[tc.kind]) || 'tools'));
    const mcp = mcpToolName(tc.title || tc.name);
    const title = mcp ? mcp.tool : tc.title || tc.name || l10n.t('Tool call');
    setChildren(this.title, ...breakAtSeparators(title));
    // The whole title where a very long one is cut to its first lines.
    this.title.title = title;
    this.server.textContent = mcp ? mcp.server : '';
    this.server.hidden = !mcp;
    setChildren(this.status, icon(st.icon), h('span', { class: 'tool-status-label' }, st.label));
    this.status.title = st.label;
    const what = mcp ? l10n.t('{0} (MCP server {1})', mcp.tool, mcp.server) : title;
    this.node.setAttribute('aria-label', `${tc.kind ?? l10n.t('tool')}: ${what}, ${st.label}`);
  }

  private renderInput(tc: ToolCallState): void {
    const has = tc.rawInput !== undefined && tc.rawInput !== null && !(typeof tc.rawInput === 'object' && Object.keys(tc.rawInput).length === 0);
    this.inputToggle.hidden = !has;
    if (!has && !this.inputPre.hidden) this.toggleInput();
    this.inputPre.textContent = has ? JSON.stringify(tc.rawInput, null, 2) : '';
  }

  private renderContent(tc: ToolCallState): void {
    // A finished Read is one line: what it read is the file, one click away, not ten lines of every card.
    if (tc.kind === 'read' && tc.status === 'completed' && tc.content.length > 0 && !this.expanded.has('read')) {
      const lines = tc.content.reduce((n, c) => n + (c.type === 'content' && c.content.type === 'text' ? c.content.text.split('\n').length : 0), 0);
      const b = button(
        lines === 1 ? l10n.t('Show what it read (1 line)') : lines ? l10n.t('Show what it read ({0} lines)', lines) : l10n.t('Show what it read'),
        {
          class: 'text-btn show-all',
          'data-testid': 'show-read',
        },
      );
      b.addEventListener('click', () => this.expand('read'));
      setChildren(this.content, b);
      return;
    }
    const starts = diffStarts(tc.content, tc.locations);
    const parts: (HTMLElement | null)[] = tc.content.map((c, i) => this.renderItem(tc, c, i, starts[i]));
    // The agent's own words for a refusal ("User refused permission…") repeat what the card's answer says.
    if (tc.content.length === 0 && tc.status === 'failed' && !denied(tc) && typeof tc.rawOutput === 'string') {
      parts.push(this.renderText(tc.rawOutput, 'raw'));
    }
    setChildren(this.content, ...parts);
  }

  private renderItem(tc: ToolCallState, c: ToolCallContent, i: number, start: DiffStart | undefined): HTMLElement | null {
    switch (c.type) {
      case 'content':
        return c.content.type === 'text' ? this.renderText(c.content.text, `c${i}`) : renderNonTextBlocks([c.content], this.ctx);
      case 'diff':
        return renderDiff(
          {
            path: c.path,
            oldText: c.oldText,
            newText: c.newText,
            firstLine: start?.line,
            firstOldLine: start?.oldLine,
            named: this.titleNames(tc, c.path),
            onOpenDiff: () => this.ctx.post({ type: 'openDiff', toolCallId: tc.toolCallId, contentIndex: i }),
          },
          this.expanded.has(`d${i}`),
          () => this.expand(`d${i}`),
        );
      case 'terminal':
        // The output arrives through terminalOutput (rendered below, from its first byte): the client's own terminal
        // (terminal/*) feeds it. Until then the card's status says the command runs.
        return null;
      default:
        return null;
    }
  }

  /** Command output (a ```console fence) as terminal text; anything else as markdown. Long text is truncated. */
  private renderText(text: string, id: string): HTMLElement {
    const fence = CONSOLE_FENCE.exec(text);
    if (fence) return this.renderOutput(fence[1] ?? '', id);
    const { shown, cut } = truncate(text, this.expanded.has(id), 'head');
    const body = h('div', { class: 'markdown-body tool-text' });
    body.appendChild(this.ctx.renderMarkdown(shown));
    return h('div', {}, body, cut ? this.showAll(id, lineCount(text)) : null);
  }

  private renderOutput(text: string, id: string): HTMLElement {
    // The end of a command's output is what matters (errors, the summary line), so keep the tail.
    const { shown, cut } = truncate(text, this.expanded.has(id), 'tail', COMMAND_PREVIEW_LINES);
    const pre = h('pre', { class: 'terminal-output', 'data-testid': 'terminal-output', tabindex: 0, 'aria-label': l10n.t('Command output') });
    pre.appendChild(renderAnsi(shown));
    return h('div', { class: 'output-block' }, cut ? this.showAll(id, lineCount(text)) : null, pre);
  }

  private renderTerminal(tc: ToolCallState): void {
    // A denied command never ran: what the agent puts in its terminal is its refusal, which the card already says.
    if (denied(tc) || (tc.terminalOutput === undefined && !tc.terminalExit)) {
      setChildren(this.terminal);
      return;
    }
    const exit = tc.terminalExit;
    // The word in the description colour (readable in every theme), the colour on the icon only.
    const exitLine = exit
      ? h(
          'div',
          { class: `terminal-exit ${exit.exitCode === 0 ? 'ok' : 'bad'}` },
          icon(exit.exitCode === 0 ? 'pass' : 'error'),
          exit.signal
            ? l10n.t('Killed by {0}', exit.signal)
            : exit.exitCode === null
              ? l10n.t('Ended without an exit code')
              : l10n.t('Exit code {0}', exit.exitCode),
        )
      : null;
    const dropped = tc.terminalOutputDropped
      ? h(
          'div',
          { class: 'tool-note', 'data-testid': 'output-truncated' },
          icon('warning'),
          l10n.t('Output truncated: the first {0} characters are not kept.', tc.terminalOutputDropped.toLocaleString('en-US')),
        )
      : null;
    const output = tc.terminalOutput
      ? this.renderOutput(tc.terminalOutput, 'terminal')
      : h('div', { class: 'tool-note', 'data-testid': 'no-output' }, l10n.t('No output'));
    setChildren(this.terminal, dropped, output, exitLine);
  }

  /** The card's title names `path` already ("Edit src/cart.js"), so its diff and approval need not name it again. */
  titleNames(tc: ToolCallState, path: string): boolean {
    const shown = this.ctx.shownPath?.(path);
    return !!shown?.inside && !!tc.title && titleNamesPath(tc.title, shown.text);
  }

  private renderLocations(tc: ToolCallState): void {
    // A file the title names already is not named again: its link says what it does.
    const link = (path: string, line: number | null | undefined) =>
      this.titleNames(tc, path)
        ? locationButton(path, line, line ? l10n.t('Open at line {0}', line) : l10n.t('Open file'), this.ctx, true)
        : locationButton(path, line, `${path.split(/[\\/]/).pop()}${line ? `:${line}` : ''}`, this.ctx);
    setChildren(this.locations, ...tc.locations.map((l) => link(l.path, l.line)));
  }

  private showAll(id: string, lines: number): HTMLElement {
    const b = button(l10n.t('Show all ({0} lines)', lines), { class: 'text-btn show-all', 'data-testid': 'show-all' });
    b.addEventListener('click', () => this.expand(id));
    return b;
  }

  private expand(id: string): void {
    this.expanded.add(id);
    this.rerender();
  }
}

/** Cuts long text to a preview; `cut` is the number of hidden lines (0 when nothing was cut). */
export function truncate(text: string, expanded: boolean, keep: 'head' | 'tail', maxLines = OUTPUT_PREVIEW_LINES): { shown: string; cut: number } {
  if (expanded) return { shown: text, cut: 0 };
  const lines = text.split('\n');
  let shownLines = lines.length > maxLines ? (keep === 'head' ? lines.slice(0, maxLines) : lines.slice(-maxLines)) : lines;
  let shown = shownLines.join('\n');
  if (shown.length > OUTPUT_PREVIEW_CHARS) {
    shown = keep === 'head' ? shown.slice(0, OUTPUT_PREVIEW_CHARS) : shown.slice(-OUTPUT_PREVIEW_CHARS);
    shownLines = shown.split('\n');
  }
  const cut = lines.length - shownLines.length;
  return { shown, cut: cut > 0 ? cut : shown.length < text.length ? 1 : 0 };
}

function lineCount(text: string): number {
  return text.replace(/\n$/u, '').split('\n').length;
}

function sameValue(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  return typeof a === 'object' && a !== null && typeof b === 'object' && b !== null && JSON.stringify(a) === JSON.stringify(b);
}

/** The user refused this call's permission, and it did not run to completion after all. */
function denied(tc: ToolCallState): boolean {
  return tc.deniedByUser === true && tc.status !== 'completed';
}
