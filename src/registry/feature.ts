// Agents added from the ACP Registry: the picker, the same-name question, the download and its place in acpChat.agents.
import { join } from 'node:path';
import { COMMANDS } from '../contributions/commandIds';
import type { Core } from '../core/core';
import type { Feature } from '../core/feature';

export function activateRegistry(core: Core): Feature {
  const storageDir = join(core.context.globalStorageUri.fsPath, 'agents');
  return {
    commands: {
      // Loaded on first use: the registry's parser (zod) and the installer (tar) are not activation's cost.
      [COMMANDS.addAgentFromRegistry]: async (id?: unknown) => {
        const { addAgentFromRegistry } = await import('./addAgentFromRegistry');
        const report = (err: unknown, what?: string) => core.presenter.report(err, { what });
        return addAgentFromRegistry({ storageDir, logger: core.logger, report }, typeof id === 'string' ? id : undefined);
      },
    },
  };
}
