// What every pop-up surface gets from the controller, and what it hands back. Surfaces never touch the broker's
// state directly: they call these actions.
import type { CreateElicitationResponse } from '@agentclientprotocol/sdk';
import type { PermissionPrompt } from './permissionBroker';
import type { PresentedLocation } from './permissionPresentation';

export interface PromptActions {
  /** Answer a permission; returns false when the answer was refused (the surface stays open). */
  answer(key: string, optionId: string): boolean;
  answerElicitation(key: string, response: CreateElicitationResponse): boolean;
  /** The user closed the surface without answering: the request stays pending. */
  dismiss(key: string): void;
  openLocation(location: PresentedLocation): Promise<void>;
  showDiffs(prompt: PermissionPrompt): Promise<void>;
  showPlan(prompt: PermissionPrompt): Promise<void>;
  /** What the surface shows changed (a new step, another active item); only the extension-host tests listen. */
  viewChanged(): void;
}

/** What a surface shows right now, for the extension-host tests (items exclude separators, in navigation order). */
export interface PromptView {
  key: string;
  surface: 'quickPick' | 'modal' | 'elicitation';
  title: string;
  items: string[];
  activeIndex: number;
  /** False in the first moments of a refilled QuickPick, when Enter is not taken as an answer (quickPickSlot.ts). */
  acceptsAnswer?: boolean;
  /** How many times Enter was held back so. */
  heldBack?: number;
}

/** A surface currently showing one request. */
export interface OpenPrompt {
  readonly key: string;
  /** What it shows; read only in ExtensionMode.Test. */
  view(): PromptView;
  /** The request ended elsewhere: close without reporting a dismissal. */
  close(): void;
  /** Bring it to the front again (show again for the same key). */
  focus(): void;
}
