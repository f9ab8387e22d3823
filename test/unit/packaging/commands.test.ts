// Command ids are declared once (src/contributions/commandIds.ts): the manifest contributes exactly those (the internal
// "use this Claude Code" command aside), its menus and key bindings name only those, and no other source file spells
// one out as a string.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { COMMANDS } from '../../../src/contributions/commandIds';

const root = resolve(__dirname, '../../..');
const manifest = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as {
  contributes: {
    commands: { command: string }[];
    menus: Record<string, { command: string }[]>;
    keybindings: { command: string }[];
    views: Record<string, { id: string }[]>;
  };
};
const ids = Object.values(COMMANDS) as string[];
const INTERNAL = [COMMANDS.useClaudeCode];

function sources(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? sources(path) : path.endsWith('.ts') ? [path] : [];
  });
}

describe('command ids', () => {
  it('the manifest contributes exactly the declared commands', () => {
    const contributed = manifest.contributes.commands.map((c) => c.command).sort();
    expect(contributed).toEqual(ids.filter((id) => !INTERNAL.includes(id as never)).sort());
  });

  it('menus and key bindings name declared commands only (or the focus command VS Code makes for each contributed view)', () => {
    const viewFocus = Object.values(manifest.contributes.views)
      .flat()
      .map((v) => `${v.id}.focus`);
    const named = [...Object.values(manifest.contributes.menus).flat(), ...manifest.contributes.keybindings].map((m) => m.command);
    expect(named.filter((id) => !ids.includes(id) && !viewFocus.includes(id))).toEqual([]);
  });

  it('no source file but the table spells a command id', () => {
    const spelled = sources(join(root, 'src'))
      .filter((file) => !file.endsWith(join('contributions', 'commandIds.ts')))
      .flatMap((file) => {
        const text = readFileSync(file, 'utf8');
        return ids
          .filter((id) => text.includes(`'${id}'`) || text.includes(`"${id}"`) || text.includes(`\`${id}\``))
          .map((id) => `${relative(root, file)}: ${id}`);
      });
    expect(spelled).toEqual([]);
  });
});
