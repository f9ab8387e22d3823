// The one owner of each chat's parts: what every capability keeps for one chat (its turn records, its grants, its
// worktree bar…), made once per chat the first time anything asks, and disposed with the chat. Commands, views and
// the page's binding all ask here; none keeps a chat's part of its own.
import type { Disposable } from '../acpClient/events';
import type { Chat } from './chat';
import type { ChatRegistry } from './chatRegistry';

/** Names one capability's part and its type. */
export interface PartKey<P> {
  readonly name: string;
  /** Never set: carries `P` for the type checker. */
  readonly part?: P;
}

export function partKey<P>(name: string): PartKey<P> {
  return { name };
}

/** What every part has: the owner disposes it with its chat. */
export interface ChatPartBase {
  dispose(): void;
}

interface Maker<Part> {
  key: PartKey<Part>;
  make(chat: Chat): Part;
}

export class ChatParts<Part extends ChatPartBase> implements Disposable {
  private readonly makers: Maker<Part>[] = [];
  private readonly made = new Map<Chat, Map<string, Part>>();
  /** The makers running now (a part that asks for a later one, or itself, gets an error instead of a loop). */
  private readonly making = new Set<Maker<Part>>();
  private readonly sub: Disposable;

  constructor(chats: Pick<ChatRegistry, 'onDidRemove'>) {
    this.sub = chats.onDidRemove((chat) => this.drop(chat));
  }

  /** A capability's part of every chat (registered while the extension activates). */
  register<P extends Part>(key: PartKey<P>, make: (chat: Chat) => P): void {
    if (this.makers.some((m) => m.key.name === key.name)) throw new Error(`${key.name}: a part is registered once`);
    this.makers.push({ key, make } as Maker<Part>);
  }

  /** `chat`'s part named by `key` (made, with the parts registered before it, the first time anything asks). */
  get<P extends Part>(chat: Chat, key: PartKey<P>): P {
    const part = this.of(chat, key.name).get(key.name);
    if (!part) throw new Error(`${key.name}: no such part, or asked for while it is being made`);
    return part as P;
  }

  /** Every part of `chat`, in the order the capabilities registered. */
  all(chat: Chat): Part[] {
    return [...this.of(chat).values()];
  }

  dispose(): void {
    this.sub.dispose();
    for (const chat of [...this.made.keys()]) this.drop(chat);
  }

  /**
   * `chat`'s parts, the missing ones made in registration order (so a part may ask for one registered before it:
   * review follows going back's turn records), up to `upTo` when given.
   */
  private of(chat: Chat, upTo?: string): Map<string, Part> {
    let parts = this.made.get(chat);
    if (!parts) {
      parts = new Map();
      this.made.set(chat, parts);
    }
    for (const m of this.makers) {
      if (!parts.has(m.key.name)) {
        if (this.making.has(m)) break; // asked for by an earlier part while it is made: only what precedes it exists
        this.making.add(m);
        try {
          parts.set(m.key.name, m.make(chat));
        } finally {
          this.making.delete(m);
        }
      }
      if (m.key.name === upTo) break;
    }
    return parts;
  }

  /** Disposes `chat`'s parts, the last made first. */
  private drop(chat: Chat): void {
    const parts = this.made.get(chat);
    this.made.delete(chat);
    for (const part of [...(parts?.values() ?? [])].reverse()) part.dispose();
  }
}
