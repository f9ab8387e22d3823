// What entry views need from the app, injected so views can be tested without VS Code.
import type { GrantView, ShownPath, TranscriptEntry, WebviewToHost } from '../protocol/protocol';
import type { MarkdownRenderer } from './markdown';

/** A view with deferred work (markdown) done once per animation frame. */
export interface Renderable {
  /** Views taken out of the DOM (windowed out, replaced) are not rendered. */
  readonly node: HTMLElement;
  renderNow(): void;
}

export interface ViewContext {
  post(msg: WebviewToHost): void;
  renderMarkdown: MarkdownRenderer;
  /** Schedules `view.renderNow()` for the next frame; several requests in one frame render once. */
  requestRender(view: Renderable): void;
  /** Whether this frame's time for building rich content is used up (what is left waits, shown plain, for the next). */
  overBudget?(): boolean;
  /** Copies a message to the clipboard as Markdown. */
  copy?(entry: TranscriptEntry): void;
  /** What the durable answer to the permission `key` did, once the host read it from the settings files. */
  grantFor?(key: string): GrantView | undefined;
  /** A path as the chat shows it: relative to the chat's folders, whole and marked outside them. */
  shownPath?(path: string): ShownPath;
}
