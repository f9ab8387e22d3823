// One entry of a folder's Claude files that the consent asks about: its shape, shared by the settings files' reader
// (projectSettings.ts) and the commands', skills' and agents' (frontMatterSettings.ts).

export type ProjectSettingKind = 'hooks' | 'command' | 'env' | 'allow' | 'mcp' | 'plugins' | 'shell' | 'unread';

/** One entry of concern: which file, what kind, and what it says. */
export interface ProjectSetting {
  /** Relative to the folder, with `/`. */
  file: string;
  kind: ProjectSettingKind;
  /** The setting's key, e.g. `hooks.PreToolUse`, `apiKeyHelper`, `env.ANTHROPIC_BASE_URL`, `allowed-tools`. */
  key: string;
  /** What it runs or sets, in full and as written (it may hold newlines); describeProjectSettings makes it safe to show. */
  value: string;
  /** What the fingerprint covers: the setting's parsed value in full as JSON, or a markdown file's whole text. */
  content: string;
}
