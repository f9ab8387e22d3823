// The editor's knowledge as tools for the agent: problems, definitions, references, symbols, types on hover, what the
// user has selected and open, and showing a file. Each answers from VS Code's own providers (the language services the
// user has installed), within a time and size bound (toolInput.ts), for files inside the workspace folders only
// (checked lexically, then with symlinks followed). All read: editing stays with the agent's own tools and approvals.
import { isAbsolute, join, relative } from 'node:path';
import * as vscode from 'vscode';
import { isInside } from '../acpClient/pathInside';
import { ServiceError } from '../acpClient/clientServices';
import { resolveInWorkspace } from '../workbench/workspacePaths';
import { characterOn, clipped, listAnswer, optionalLine, optionalString, positionInput, requiredString, withinTime, type PositionInput } from './toolInput';
import { ToolFailure, type ServedTool } from './toolServer';

/** How long one provider may take: a language server still indexing answers late, a hung one never. */
const PROVIDER_MS = 10_000;
/** How long a file's problems may take to arrive once it is opened: a language service checks a file when it opens. */
const FIRST_CHECK_MS = 4_000;

export interface EditorToolsDeps {
  /** The workspace folders' paths. */
  folders(): string[];
  /** Whether the user lets the agent move the editor (Follow the agent). */
  follows(): boolean;
}

const SEVERITY = ['error', 'warning', 'info', 'hint'] as const;

const pathProperty = { type: 'string', description: 'The file: absolute, or relative to the workspace folder.' };
const positionProperties = {
  path: pathProperty,
  line: { type: 'integer', minimum: 1, description: '1-based line.' },
  column: { type: 'integer', minimum: 1, description: '1-based column. Optional: give `symbol` instead, or neither for the first character of the line.' },
  symbol: { type: 'string', description: 'A name on that line to point at; or, without `path`, a symbol to find in the workspace.' },
};

export function editorTools(deps: EditorToolsDeps): ServedTool[] {
  const at = new Places(deps);
  return [
    {
      name: 'get_diagnostics',
      description:
        "The problems VS Code's language services report (errors, warnings, …) for one file, or for the whole workspace when no path is given: severity, place, source and message.",
      inputSchema: { type: 'object', properties: { path: pathProperty } },
      call: async (input) => {
        const path = optionalString(input, 'path');
        if (path === undefined) return at.problemsEverywhere();
        return at.problemsIn(await at.file(path));
      },
    },
    locationTool(at, {
      name: 'find_definition',
      // l10n-ignore: the agent reads it, not a person
      description:
        'Where a symbol is defined, from the language service: give `path` and `line` (with `column` or `symbol`), or only `symbol` to look it up in the workspace.',
      provider: 'vscode.executeDefinitionProvider',
      doing: 'Finding the definition',
      noun: 'definitions',
      none: 'No definition found',
    }),
    locationTool(at, {
      name: 'find_references',
      // l10n-ignore: the agent reads it, not a person
      description: 'Every reference to a symbol, from the language service: give `path` and `line` (with `column` or `symbol`), or only `symbol`.',
      provider: 'vscode.executeReferenceProvider',
      doing: 'Finding references',
      noun: 'references',
      none: 'No references found',
    }),
    {
      name: 'hover',
      description:
        'What the editor shows on hover at a place: the type and documentation of the symbol there. Give `path` and `line` (with `column` or `symbol`), or only `symbol`.',
      inputSchema: { type: 'object', properties: positionProperties },
      call: async (input) => {
        const place = await at.position(input);
        const hovers = await withinTime(
          vscode.commands.executeCommand<vscode.Hover[]>('vscode.executeHoverProvider', place.uri, place.position),
          PROVIDER_MS,
          'Reading the hover',
        );
        const text = (hovers ?? []).flatMap((h) => h.contents.map(hoverText)).filter((t) => t.trim() !== '');
        return text.length ? clipped(text.join('\n\n')) : `Nothing to show on hover at ${place.label}.`;
      },
    },
    {
      name: 'document_symbols',
      description: "The outline of a file from its language service: each symbol's kind, name and lines, nested as in the file.",
      inputSchema: { type: 'object', properties: { path: pathProperty }, required: ['path'] },
      call: async (input) => {
        const file = await at.file(requiredString(input, 'path'));
        const symbols = await withinTime(
          vscode.commands.executeCommand<(vscode.DocumentSymbol | vscode.SymbolInformation)[]>('vscode.executeDocumentSymbolProvider', file),
          PROVIDER_MS,
          'Reading the outline',
        );
        const lines = outline(symbols ?? [], 0);
        return lines.length ? listAnswer(lines, 'symbols') : `No symbols reported for ${at.label(file)}.`;
      },
    },
    {
      name: 'workspace_symbols',
      description: 'Symbols across the workspace whose names match a query, from the language services: kind, name, container and place.',
      inputSchema: { type: 'object', properties: { query: { type: 'string', description: 'A name or part of one.' } }, required: ['query'] },
      call: async (input) => {
        const query = requiredString(input, 'query');
        const found = await at.symbols(query);
        const lines = found.map(
          (s) =>
            `${symbolKind(s.kind)} ${s.name}${s.containerName ? ` (in ${s.containerName})` : ''} — ${at.label(s.location.uri)}:${s.location.range.start.line + 1}`,
        );
        return lines.length ? listAnswer(lines, 'symbols') : `No symbols match "${query}".`;
      },
    },
    {
      name: 'get_selection',
      description: "What the user has selected in the editor they are in: the file, the lines and the selected text (or the cursor's place).",
      inputSchema: { type: 'object', properties: {} },
      call: async () => at.selection(),
    },
    {
      name: 'get_open_editors',
      description: 'The files open in editor tabs: which one is active, and which have unsaved changes.',
      inputSchema: { type: 'object', properties: {} },
      call: async () => at.openEditors(),
    },
    {
      name: 'open_file',
      description:
        'Shows a file to the user in a preview tab, at a line if given, without taking their focus. Only when the user has Follow the agent on; otherwise it says so and shows nothing.',
      inputSchema: {
        type: 'object',
        properties: { path: pathProperty, line: { type: 'integer', minimum: 1, description: '1-based line to show.' } },
        required: ['path'],
      },
      call: async (input) => {
        const file = await at.file(requiredString(input, 'path'));
        const line = optionalLine(input);
        if (!deps.follows())
          return `Not shown: the user has Follow the agent off, so the editor shows only what they open. Mention ${at.label(file)}${line ? `:${line}` : ''} instead.`;
        const doc = await withinTime(vscode.workspace.openTextDocument(file), PROVIDER_MS, 'Opening the file');
        const line0 = line === undefined ? undefined : Math.min(line, doc.lineCount) - 1;
        const selection = line0 === undefined ? undefined : doc.lineAt(line0).range;
        await vscode.window.showTextDocument(doc, { preview: true, preserveFocus: true, selection });
        return `Shown: ${at.label(file)}${line0 !== undefined ? `:${line0 + 1}` : ''}.`;
      },
    },
  ];
}

/** A tool answering with the locations a position provider gives (definitions, references). */
function locationTool(at: Places, spec: { name: string; description: string; provider: string; doing: string; noun: string; none: string }): ServedTool {
  return {
    name: spec.name,
    description: spec.description,
    inputSchema: { type: 'object', properties: positionProperties },
    call: async (input) => {
      const place = await at.position(input);
      const found = await withinTime(
        vscode.commands.executeCommand<(vscode.Location | vscode.LocationLink)[]>(spec.provider, place.uri, place.position),
        PROVIDER_MS,
        spec.doing,
      );
      return at.locations(found ?? [], spec.noun, `${spec.none} at ${place.label}.`);
    },
  };
}

/** Files and places as the tools read and name them. */
class Places {
  constructor(private readonly deps: EditorToolsDeps) {}

  /** `path` as a file URI inside the workspace folders (relative paths are read from the first folder). */
  async file(path: string): Promise<vscode.Uri> {
    const folders = this.deps.folders();
    if (folders.length === 0) throw new ToolFailure('No folder is open in the editor.');
    const absolute = isAbsolute(path) ? path : join(folders[0]!, path);
    try {
      return vscode.Uri.file(await resolveInWorkspace(absolute, folders));
    } catch (err) {
      if (err instanceof ServiceError) throw new ToolFailure(err.message);
      throw err;
    }
  }

  inside(uri: vscode.Uri): boolean {
    return uri.scheme === 'file' && this.deps.folders().some((f) => isInside(f, uri.fsPath));
  }

  /** A file as the answer names it: relative to its workspace folder, else its whole path. */
  label(uri: vscode.Uri): string {
    const folders = this.deps.folders();
    const folder = folders.find((f) => isInside(f, uri.fsPath));
    if (folder === undefined) return uri.scheme === 'file' ? uri.fsPath : uri.toString();
    const rel = relative(folder, uri.fsPath) || '.';
    return folders.length > 1 ? join(folder.split(/[\\/]/).pop()!, rel) : rel;
  }

  /** The place a position tool works on: a file and line (with column or symbol), or a symbol found in the workspace. */
  async position(input: Record<string, unknown>): Promise<{ uri: vscode.Uri; position: vscode.Position; label: string }> {
    if (input.path === undefined || input.path === null) {
      const symbol = requiredString(input, 'symbol');
      const exact = (await this.symbols(symbol)).filter((s) => s.name === symbol || s.name.startsWith(`${symbol}(`));
      const first = exact[0];
      if (!first) throw new ToolFailure(`No symbol named "${symbol}" was found in the workspace; give a path and line instead.`);
      const doc = await withinTime(vscode.workspace.openTextDocument(first.location.uri), PROVIDER_MS, 'Opening the file');
      const line = first.location.range.start.line;
      const character = characterOn(doc.lineAt(line).text, { path: '', line: line + 1, symbol });
      return { uri: first.location.uri, position: new vscode.Position(line, character), label: `${this.label(first.location.uri)}:${line + 1}` };
    }
    const place: PositionInput = positionInput(input);
    const uri = await this.file(place.path);
    const doc = await withinTime(vscode.workspace.openTextDocument(uri), PROVIDER_MS, 'Opening the file');
    if (place.line > doc.lineCount) throw new ToolFailure(`${this.label(uri)} has ${doc.lineCount} lines; there is no line ${place.line}.`);
    const character = characterOn(doc.lineAt(place.line - 1).text, place);
    return { uri, position: new vscode.Position(place.line - 1, character), label: `${this.label(uri)}:${place.line}:${character + 1}` };
  }

  async symbols(query: string): Promise<vscode.SymbolInformation[]> {
    const found = await withinTime(
      vscode.commands.executeCommand<vscode.SymbolInformation[]>('vscode.executeWorkspaceSymbolProvider', query),
      PROVIDER_MS,
      'Searching the workspace symbols',
    );
    return (found ?? []).filter((s) => this.inside(s.location.uri));
  }

  /** Locations as `file:line:column` and, for files in the workspace, the line's text. */
  async locations(found: readonly (vscode.Location | vscode.LocationLink)[], noun: string, none: string): Promise<string> {
    if (found.length === 0) return none;
    const lines: string[] = [];
    for (const item of found) {
      const uri = 'targetUri' in item ? item.targetUri : item.uri;
      const range = 'targetUri' in item ? (item.targetSelectionRange ?? item.targetRange) : item.range;
      const where = `${this.label(uri)}:${range.start.line + 1}:${range.start.character + 1}`;
      // Text is read only from the workspace's files, and for the first items only (each is a document to open).
      const text = this.inside(uri) && lines.length < 50 ? await lineText(uri, range.start.line) : undefined;
      lines.push(text === undefined ? where : `${where} — ${text}`);
    }
    return listAnswer(lines, noun);
  }

  async problemsIn(uri: vscode.Uri): Promise<string> {
    let problems = vscode.languages.getDiagnostics(uri);
    if (problems.length === 0 && !vscode.workspace.textDocuments.some((d) => d.uri.toString() === uri.toString())) {
      // A file nobody opened has not been checked yet: open it, and give its language service a moment to report.
      const arrived = new Promise<void>((resolve) => {
        const sub = vscode.languages.onDidChangeDiagnostics((e) => {
          if (e.uris.some((u) => u.toString() === uri.toString())) {
            sub.dispose();
            resolve();
          }
        });
        setTimeout(() => {
          sub.dispose();
          resolve();
        }, FIRST_CHECK_MS);
      });
      await withinTime(vscode.workspace.openTextDocument(uri), PROVIDER_MS, 'Opening the file');
      await arrived;
      problems = vscode.languages.getDiagnostics(uri);
    }
    const lines = sortedProblems(problems).map((d) => problemLine(this.label(uri), d));
    if (lines.length) return listAnswer(lines, 'problems');
    // Some language services (TypeScript's among them) check only the files open in editor tabs.
    const inTab = vscode.window.tabGroups.all.some((g) =>
      g.tabs.some((t) => t.input instanceof vscode.TabInputText && t.input.uri.toString() === uri.toString()),
    );
    return inTab
      ? `No problems reported for ${this.label(uri)}.`
      : `No problems reported for ${this.label(uri)}; it is not open in an editor, and some language services check only open files.`;
  }

  problemsEverywhere(): string {
    const lines = vscode.languages
      .getDiagnostics()
      .filter(([uri]) => this.inside(uri))
      .flatMap(([uri, problems]) => sortedProblems(problems).map((d) => ({ d, line: problemLine(this.label(uri), d) })))
      .sort((a, b) => a.d.severity - b.d.severity)
      .map((p) => p.line);
    return lines.length ? listAnswer(lines, 'problems') : 'No problems reported in the workspace.';
  }

  async selection(): Promise<string> {
    const editor = vscode.window.activeTextEditor;
    if (!editor) return 'No file is open in an editor.';
    const uri = editor.document.uri;
    const sel = editor.selection;
    const where = `${this.label(uri)}:${sel.start.line + 1}:${sel.start.character + 1}`;
    if (!this.inside(uri)) return `The user is in ${where}, outside the workspace folders (its text is not shared).`;
    if (sel.isEmpty) return `Cursor at ${where}, nothing selected. The line: ${editor.document.lineAt(sel.start.line).text}`;
    return clipped(`Selected in ${where} to ${sel.end.line + 1}:${sel.end.character + 1}:\n${editor.document.getText(sel)}`);
  }

  openEditors(): string {
    const lines: string[] = [];
    for (const group of vscode.window.tabGroups.all) {
      for (const tab of group.tabs) {
        const input = tab.input;
        const uri = input instanceof vscode.TabInputText ? input.uri : input instanceof vscode.TabInputTextDiff ? input.modified : undefined;
        if (!uri) continue;
        const marks = [tab.isActive && group.isActive ? 'active' : undefined, tab.isDirty ? 'unsaved changes' : undefined].filter(Boolean);
        lines.push(`${this.label(uri)}${input instanceof vscode.TabInputTextDiff ? ' (diff)' : ''}${marks.length ? ` (${marks.join(', ')})` : ''}`);
      }
    }
    return lines.length ? listAnswer(lines, 'editors') : 'No files are open in editors.';
  }
}

async function lineText(uri: vscode.Uri, line: number): Promise<string | undefined> {
  try {
    const doc = await withinTime(vscode.workspace.openTextDocument(uri), PROVIDER_MS, 'Opening the file');
    return line < doc.lineCount ? doc.lineAt(line).text.trim().slice(0, 200) : undefined;
  } catch {
    return undefined; // the place is still worth naming without its text
  }
}

function sortedProblems(problems: readonly vscode.Diagnostic[]): vscode.Diagnostic[] {
  return [...problems].sort((a, b) => a.severity - b.severity || a.range.start.line - b.range.start.line);
}

function problemLine(file: string, d: vscode.Diagnostic): string {
  const code = typeof d.code === 'object' ? d.code.value : d.code;
  const source = [d.source, code].filter((x) => x !== undefined && x !== '').join(' ');
  return `${file}:${d.range.start.line + 1}:${d.range.start.character + 1} ${SEVERITY[d.severity]}${source ? ` (${source})` : ''}: ${d.message}`;
}

function outline(symbols: readonly (vscode.DocumentSymbol | vscode.SymbolInformation)[], depth: number): string[] {
  return symbols.flatMap((s) => {
    const range = 'location' in s ? s.location.range : s.range;
    const own = `${'  '.repeat(depth)}${symbolKind(s.kind)} ${s.name} (lines ${range.start.line + 1}–${range.end.line + 1})`;
    return 'children' in s ? [own, ...outline(s.children, depth + 1)] : [own];
  });
}

function symbolKind(kind: vscode.SymbolKind): string {
  return (vscode.SymbolKind[kind] ?? 'symbol').toLowerCase();
}

function hoverText(content: vscode.MarkdownString | vscode.MarkedString): string {
  if (typeof content === 'string') return content;
  if ('language' in content) return `\`\`\`${content.language}\n${content.value}\n\`\`\``;
  return content.value;
}
