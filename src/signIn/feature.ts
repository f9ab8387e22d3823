// Signing in: the agent's own methods (a terminal login runs in a VS Code terminal), the Anthropic API key kept in
// SecretStorage, and signing out.
import { homedir } from 'node:os';
import { COMMANDS } from '../contributions/commandIds';
import type { Core } from '../core/core';
import type { Feature } from '../core/feature';
import { SignIn } from './signInCommands';

export function activateSignIn(core: Core): Feature {
  const { launcher } = core;
  const signIn = new SignIn({
    chats: core.chats,
    keys: core.keys,
    presenter: core.presenter,
    logger: core.logger,
    resolveLaunch: () => launcher.resolve(core.cwd() ?? homedir(), { sessions: false }),
    cwd: core.cwd,
    apiKeyApplies: () => launcher.apiKeyApplies(),
  });
  return {
    commands: {
      [COMMANDS.signIn]: (methodId?: unknown) => signIn.signIn(typeof methodId === 'string' ? methodId : undefined),
      [COMMANDS.setApiKey]: () => signIn.askForApiKey(),
      [COMMANDS.signOut]: () => signIn.signOut(),
    },
    test: { signIn },
  };
}
