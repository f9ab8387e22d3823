// The editor's knowledge as tools for the agent: problems, definitions, references, symbols, types on hover, what the
// user has selected and open, and showing a file. Each answers from VS Code's own providers (the language services the
// user has installed), within a time and size bound (toolInput.ts), for files inside the workspace folders only
// (checked lexically, then with symlinks followed: workspaceFiles.ts), both the files the agent names and those the
// language services answer with; a file outside is not read, and named without its path. All read: editing stays with
// the agent's own tools and approvals.
import { isAbsolute, join } from 'node:path';
import * as vscode from 'vscode';
import { characterOn, clipped, listAnswer, optionalLine, optionalString, positionInput, requiredString, withinTime, type PositionInput } from './toolInput';
import { ToolFailure, type ServedTool } from './toolServer';
import { OUTSIDE_FILE, WorkspaceFiles, workspaceDiagnostics } from './workspaceFiles';

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
          vscode.commands.executeCommand<(vscode.DocumentSymbol | vscode.SymbolInformation)[]>('vscode.executeDocumentSymbolProvider', file.uri),
          PROVIDER_MS,
          'Reading the outline',
        );
        const lines = outline(symbols ?? [], 0);
        return lines.length ? listAnswer(lines, 'symbols') : `No symbols reported for ${file.label}.`;
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
          ({ symbol: s, file }) =>
            `${symbolKind(s.kind)} ${s.name}${s.containerName ? ` (in ${s.containerName})` : ''} — ${file.label}:${s.location.range.start.line + 1}`,
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
          return `Not shown: the user has Follow the agent off, so the editor shows only what they open. Mention ${file.label}${line ? `:${line}` : ''} instead.`;
        const doc = await withinTime(vscode.workspace.openTextDocument(file.uri), PROVIDER_MS, 'Opening the file');
        const line0 = line === undefined ? undefined : Math.min(line, doc.lineCount) - 1;
        const selection = line0 === undefined ? undefined : doc.lineAt(line0).range;
        await vscode.window.showTextDocument(doc, { preview: true, preserveFocus: true, selection });
        return `Shown: ${file.label}${line0 !== undefined ? `:${line0 + 1}` : ''}.`;
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

/** A file of the workspace as a tool reads and names it: `uri` is where it really is (every symlink followed). */
interface WorkspaceFile {
  uri: vscode.Uri;
  label: string;
}

/** Files and places as the tools read and name them. */
class Places {
  constructor(private readonly deps: EditorToolsDeps) {}

  /** The workspace's files as one answer judges them: inside by path and by real path (workspaceFiles.ts). */
  private files(): WorkspaceFiles {
    return new WorkspaceFiles(this.deps.folders());
  }

  /** `path` as a file inside the workspace folders (relative paths are read from the first folder). */
  async file(path: string): Promise<WorkspaceFile> {
    const folders = this.deps.folders();
    if (folders.length === 0) throw new ToolFailure('No folder is open in the editor.');
    if (path.includes('\0')) throw new ToolFailure('The path contains a NUL character.');
    const verdict = await this.files().judge({ scheme: 'file', fsPath: isAbsolute(path) ? path : join(folders[0]!, path) });
    // Where a symlink leads is not said: that would name a file outside.
    if (!verdict.inside)
      throw new ToolFailure(
        `${path} is outside the workspace folders, or a symbolic link leads it outside them; the editor tools read only files inside them.`,
      );
    return { uri: vscode.Uri.file(verdict.real), label: verdict.label };
  }

  /** The place a position tool works on: a file and line (with column or symbol), or a symbol found in the workspace. */
  async position(input: Record<string, unknown>): Promise<{ uri: vscode.Uri; position: vscode.Position; label: string }> {
    if (input.path === undefined || input.path === null) {
      const symbol = requiredString(input, 'symbol');
      const exact = (await this.symbols(symbol)).filter(({ symbol: s }) => s.name === symbol || s.name.startsWith(`${symbol}(`));
      const first = exact[0];
      if (!first) throw new ToolFailure(`No symbol named "${symbol}" was found in the workspace; give a path and line instead.`);
      const doc = await withinTime(vscode.workspace.openTextDocument(first.file.uri), PROVIDER_MS, 'Opening the file');
      const line = first.symbol.location.range.start.line;
      const character = characterOn(doc.lineAt(line).text, { path: '', line: line + 1, symbol });
      return { uri: first.file.uri, position: new vscode.Position(line, character), label: `${first.file.label}:${line + 1}` };
    }
    const place: PositionInput = positionInput(input);
    const { uri, label } = await this.file(place.path);
    const doc = await withinTime(vscode.workspace.openTextDocument(uri), PROVIDER_MS, 'Opening the file');
    if (place.line > doc.lineCount) throw new ToolFailure(`${label} has ${doc.lineCount} lines; there is no line ${place.line}.`);
    const character = characterOn(doc.lineAt(place.line - 1).text, place);
    return { uri, position: new vscode.Position(place.line - 1, character), label: `${label}:${place.line}:${character + 1}` };
  }

  /** The workspace symbols matching `query` that are in the workspace's files. */
  async symbols(query: string): Promise<{ symbol: vscode.SymbolInformation; file: WorkspaceFile }[]> {
    const found = await withinTime(
      vscode.commands.executeCommand<vscode.SymbolInformation[]>('vscode.executeWorkspaceSymbolProvider', query),
      PROVIDER_MS,
      'Searching the workspace symbols',
    );
    const files = this.files();
    const judged = await Promise.all((found ?? []).map(async (symbol) => ({ symbol, verdict: await files.judge(symbol.location.uri) })));
    return judged.flatMap(({ symbol, verdict }) => (verdict.inside ? [{ symbol, file: { uri: vscode.Uri.file(verdict.real), label: verdict.label } }] : []));
  }

  /** Locations as `file:line:column` with the line's text; those in files outside the workspace only counted. */
  async locations(found: readonly (vscode.Location | vscode.LocationLink)[], noun: string, none: string): Promise<string> {
    if (found.length === 0) return none;
    const files = this.files();
    const lines: string[] = [];
    let outside = 0;
    for (const item of found) {
      const uri = 'targetUri' in item ? item.targetUri : item.uri;
      const range = 'targetUri' in item ? (item.targetSelectionRange ?? item.targetRange) : item.range;
      const verdict = await files.judge(uri);
      if (!verdict.inside) {
        outside++;
        continue;
      }
      const where = `${verdict.label}:${range.start.line + 1}:${range.start.character + 1}`;
      // The text is read from where the file really is, and for the first items only (each is a document to open).
      const text = lines.length < 50 ? await lineText(vscode.Uri.file(verdict.real), range.start.line) : undefined;
      lines.push(text === undefined ? where : `${where} — ${text}`);
    }
    if (outside > 0) lines.push(`${outside} in ${outside === 1 ? OUTSIDE_FILE : 'files outside the workspace'} (not named)`);
    return listAnswer(lines, noun);
  }

  async problemsIn({ uri, label }: WorkspaceFile): Promise<string> {
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
    const lines = sortedProblems(problems).map((d) => problemLine(label, d));
    if (lines.length) return listAnswer(lines, 'problems');
    // Some language services (TypeScript's among them) check only the files open in editor tabs.
    const inTab = vscode.window.tabGroups.all.some((g) =>
      g.tabs.some((t) => t.input instanceof vscode.TabInputText && t.input.uri.toString() === uri.toString()),
    );
    return inTab
      ? `No problems reported for ${label}.`
      : `No problems reported for ${label}; it is not open in an editor, and some language services check only open files.`;
  }

  async problemsEverywhere(): Promise<string> {
    const lines = (await workspaceDiagnostics(vscode.languages.getDiagnostics(), this.files()))
      .flatMap(({ diagnostics, label }) => sortedProblems(diagnostics).map((d) => ({ d, line: problemLine(label, d) })))
      .sort((a, b) => a.d.severity - b.d.severity)
      .map((p) => p.line);
    return lines.length ? listAnswer(lines, 'problems') : 'No problems reported in the workspace.';
  }

  async selection(): Promise<string> {
    const editor = vscode.window.activeTextEditor;
    if (!editor) return 'No file is open in an editor.';
    const verdict = await this.files().judge(editor.document.uri);
    if (!verdict.inside) return `The user is in ${OUTSIDE_FILE} (its name and text are not shared).`;
    const sel = editor.selection;
    const where = `${verdict.label}:${sel.start.line + 1}:${sel.start.character + 1}`;
    if (sel.isEmpty) return `Cursor at ${where}, nothing selected. The line: ${editor.document.lineAt(sel.start.line).text}`;
    return clipped(`Selected in ${where} to ${sel.end.line + 1}:${sel.end.character + 1}:\n${editor.document.getText(sel)}`);
  }

  async openEditors(): Promise<string> {
    const files = this.files();
    const lines: string[] = [];
    for (const group of vscode.window.tabGroups.all) {
      for (const tab of group.tabs) {
        const input = tab.input;
        const uri = input instanceof vscode.TabInputText ? input.uri : input instanceof vscode.TabInputTextDiff ? input.modified : undefined;
        if (!uri) continue;
        const { label } = await files.judge(uri);
        const marks = [tab.isActive && group.isActive ? 'active' : undefined, tab.isDirty ? 'unsaved changes' : undefined].filter(Boolean);
        lines.push(`${label}${input instanceof vscode.TabInputTextDiff ? ' (diff)' : ''}${marks.length ? ` (${marks.join(', ')})` : ''}`);
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
