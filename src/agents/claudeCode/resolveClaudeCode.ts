// Where the bundled adapter gets Claude Code from, in this order, the first that runs `--version`:
//   1. the `acpChat.claudeCode.path` setting,  2. CLAUDE_CODE_EXECUTABLE in the agent's environment,
//   3. the copy this extension downloaded into its global storage.
// A `claude` on PATH is never taken silently (it may be another install, another version): it is reported with its
// version so the user can choose it. Pure but for the injected probe, so the order is unit-testable.
import { ClaudeCodeNotFoundError } from './claudeCodeNotFoundError';

export type ClaudeCodeSource = 'setting' | 'environment' | 'downloaded';

export interface ResolvedClaudeCode {
  path: string;
  version: string;
  source: ClaudeCodeSource;
}

export type ProbeResult = { ok: true; version: string } | { ok: false; missing: boolean; problem: string };

export interface ResolutionInput {
  settingPath?: string;
  envPath?: string;
  /** Where a downloaded copy lives (it may not exist). */
  downloadedPath?: string;
  /** The PATH's folders, in order. */
  pathDirs: string[];
  /** Executable names to look for on PATH (`claude`; `claude.exe` on Windows). */
  exeNames: string[];
  join(dir: string, name: string): string;
  /** Runs `<path> --version` (never through a shell). */
  probe(path: string): Promise<ProbeResult>;
}

const LABEL: Record<ClaudeCodeSource, string> = {
  setting: 'The setting acpChat.claudeCode.path',
  environment: 'CLAUDE_CODE_EXECUTABLE',
  downloaded: 'The downloaded copy',
};

/** Resolves Claude Code, or throws ClaudeCodeNotFoundError (carrying a `claude` found on PATH, if any). */
export async function resolveClaudeCode(input: ResolutionInput): Promise<ResolvedClaudeCode> {
  const broken: ClaudeCodeNotFoundError['broken'] = [];
  const candidates: [ClaudeCodeSource, string | undefined][] = [
    ['setting', input.settingPath?.trim()],
    ['environment', input.envPath?.trim()],
    ['downloaded', input.downloadedPath],
  ];
  for (const [source, path] of candidates) {
    if (!path) continue;
    const r = await input.probe(path);
    if (r.ok) return { path, version: r.version, source };
    // A missing download is simply not there yet; a setting or variable that points nowhere is worth saying.
    if (!(source === 'downloaded' && r.missing)) broken.push({ source: LABEL[source], path, problem: r.problem });
  }
  throw new ClaudeCodeNotFoundError(await findOnPath(input), broken);
}

async function findOnPath(input: ResolutionInput): Promise<{ path: string; version: string } | undefined> {
  for (const dir of input.pathDirs) {
    if (!dir) continue;
    for (const name of input.exeNames) {
      const path = input.join(dir, name);
      const r = await input.probe(path);
      if (r.ok) return { path, version: r.version };
    }
  }
  return undefined;
}
